import { useState } from 'react';
import { useT } from '../texts';
import { ActionRow, Button, CodeEditor, Dialog } from '@academy/shared/ui';
import type { BodyProps } from '../body-props';
import { RunProgress, Terminal } from '../terminal';
import { useAnswer } from '../use-answer';

export function CodeBody(props: BodyProps) {
  const { task, locked, busy, onSubmit } = props;
  const t = useT();
  const template = task.placeholder ?? '';
  // issue 29: the draft (or the last answer) beats the template; a solved task shows its accepted code
  const [code, setCode] = useAnswer(
    props,
    () => task.answer ?? template,
    (draft) => (typeof draft.solution === 'string' ? draft.solution : null),
    (solution) => ({ solution }),
  );
  // the template replaces the student's code only when they confirm it
  const [asking, setAsking] = useState(false);
  const outcomes = Array.isArray(task.result) ? task.result : null;
  // an answer a grader has not finished yet (the page asks for the task again until it has)
  const run = task.run ?? null;
  return (
    <div className="code-task">
      <CodeEditor
        value={code}
        onChange={setCode}
        language={task.codeLang ?? 'javascript'}
        readOnly={locked}
        label={t('task.code')}
      />
      {!locked && (
        <ActionRow>
          <Button onClick={() => onSubmit({ solution: code })} disabled={code.trim() === ''} busy={busy || run !== null}>
            {busy || run ? t('task.checking') : t('task.check')}
          </Button>
          {code !== template && (
            <Button variant="ghost" onClick={() => setAsking(true)}>
              {t('task.fromTemplate')}
            </Button>
          )}
        </ActionRow>
      )}
      {run ? (
        <RunProgress run={run} language={task.codeLang} />
      ) : (
        outcomes && <Terminal outcomes={outcomes} language={task.codeLang} />
      )}
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
