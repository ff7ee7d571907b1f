import { useEffect, useMemo, useState } from 'react';
import { useT } from '../texts';
import { ActionRow, Button, Dialog } from '@academy/shared/ui';
import { CodeEditor } from '@academy/shared/ui/code-editor';
import type { BodyProps } from '../body-props';
import type * as ExtrasModule from '../code-extras';
import { CustomCallField } from '../custom-call-field';
import { useEditorSettings } from '../editor-settings';
import { RunProgress, Terminal } from '../terminal';
import { useAnswer } from '../use-answer';

type Extras = typeof ExtrasModule;
let loadedExtras: Extras | null = null;
/** The editor's extras (toolbar, resize handle, error places), once `wanted`: loaded once for the page. */
function useExtras(wanted: boolean): Extras | null {
  const [extras, setExtras] = useState(loadedExtras);
  useEffect(() => {
    if (!wanted || extras) return;
    let live = true;
    import('../code-extras').then(
      (module) => {
        loadedExtras = module;
        if (live) setExtras(module);
      },
      () => undefined, // offline: the editor works without them
    );
    return () => {
      live = false;
    };
  }, [wanted, extras]);
  return extras;
}

export function CodeBody(props: BodyProps) {
  const { task, locked, busy, onSubmit, onTry } = props;
  const t = useT();
  const template = task.placeholder ?? '';
  const language = task.codeLang ?? 'javascript';
  // issue 29: the draft (or the last answer) beats the template; a solved task shows its accepted code
  const [code, setCode] = useAnswer(
    props,
    () => task.answer ?? template,
    (draft) => (typeof draft.solution === 'string' ? draft.solution : null),
    (solution) => ({ solution }),
  );
  const [settings, changeSettings] = useEditorSettings();
  // the template replaces the student's code only when they confirm it
  const [asking, setAsking] = useState(false);
  const [trying, setTrying] = useState(false);
  const [tried, setTried] = useState<ExtrasModule.TryReply | null>(null);
  // Run's own call (issue 32): SQL has none, its tests being the query's data
  const [ownCall, setOwnCall] = useState('');
  const callable = Boolean(onTry) && language !== 'sql';
  // the student reached for the editor (a pointer, a touch, a focus): its extras load, with ace
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  const outcomes = Array.isArray(task.result) ? task.result : null;
  // an answer a grader has not finished yet (the page asks for the task again until it has)
  const run = task.run ?? null;
  const checking = busy || run !== null;
  const canSubmit = !locked && !checking && code.trim() !== '';
  const canTry = Boolean(onTry) && !trying && code.trim() !== '';
  const submit = () => {
    if (canSubmit) onSubmit({ solution: code });
  };
  const tryCode = async () => {
    if (!onTry || !canTry) return;
    setTrying(true);
    try {
      setTried(await onTry(code, callable ? ownCall : undefined));
    } finally {
      setTrying(false);
    }
  };
  // where the compiler stopped, in the latest output (the try's, else the answer's), marked in the gutter
  const triedOutcomes = tried && 'result' in tried ? tried.result.outcomes : null;
  const latest = triedOutcomes ?? outcomes;
  const extras = useExtras(reached || Boolean(latest?.some((outcome) => !outcome.passed && outcome.error)));
  const place = extras?.outcomesErrorPlace(latest, language) ?? null;
  const placeText = place
    ? place.column
      ? t('task.errorAt', { line: place.line, column: place.column })
      : t('task.errorAtLine', { line: place.line })
    : null;
  const marks = useMemo(
    () => (place && placeText ? [{ row: place.line - 1, column: (place.column ?? 1) - 1, text: placeText }] : undefined),
    [place?.line, place?.column, placeText], // eslint-disable-line react-hooks/exhaustive-deps -- a place is its line and column
  );
  return (
    <div className="code-task" onPointerEnter={reach} onTouchStart={reach} onFocus={reach}>
      {extras ? (
        <extras.CodeToolbar settings={settings} change={changeSettings} canRun={Boolean(onTry)} />
      ) : (
        <div className="code-toolbar" />
      )}
      <CodeEditor
        value={code}
        onChange={setCode}
        language={language}
        readOnly={locked}
        label={t('task.code')}
        fontSize={settings.fontSize}
        height={settings.height}
        onSubmit={submit}
        onRun={() => void tryCode()}
        marks={marks}
      />
      {extras ? <extras.EditorResizeHandle settings={settings} change={changeSettings} /> : <div className="editor-resize" />}
      {placeText && <p className="code-task__place">{placeText}</p>}
      {callable && <CustomCallField value={ownCall} change={setOwnCall} run={() => void tryCode()} />}
      <ActionRow>
        {!locked && (
          <Button onClick={submit} disabled={code.trim() === ''} busy={checking}>
            {checking ? t('task.checking') : t('task.check')}
          </Button>
        )}
        {onTry && (
          <Button variant="secondary" onClick={() => void tryCode()} disabled={code.trim() === ''} busy={trying}>
            {trying ? t('task.running') : t('task.run')}
          </Button>
        )}
        {!locked && code !== template && (
          <Button variant="ghost" onClick={() => setAsking(true)}>
            {t('task.fromTemplate')}
          </Button>
        )}
      </ActionRow>
      {tried && extras && <extras.TryOutput tried={tried} language={language} />}
      {run ? <RunProgress run={run} language={language} /> : outcomes && <Terminal outcomes={outcomes} language={language} />}
      <Dialog
        open={asking}
        title={t('task.fromTemplateTitle')}
        onClose={() => setAsking(false)}
        closeLabel={t('task.keepCode')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('task.keepCode')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setCode(template);
                setAsking(false);
              }}
            >
              {t('task.fromTemplateConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('task.fromTemplateText')}</p>
      </Dialog>
    </div>
  );
}
