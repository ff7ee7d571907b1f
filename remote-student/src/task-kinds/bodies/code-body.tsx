import { useState } from 'react';
import type { CodeTestOutcome } from '@academy/shared/contract';
import { useT } from '../../i18n';
import { Button, CodeEditor } from '@academy/shared/ui';
import type { BodyProps } from '../body-props';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The check output as a terminal: one line per test; a hidden test shows only whether it passed. */
export function Terminal({ outcomes }: { outcomes: CodeTestOutcome[] }) {
  const t = useT();
  return (
    <section className="terminal" aria-label={t('task.terminal')}>
      <ol className="terminal__lines">
        {outcomes.map((o, i) => (
          <li key={i} className={o.passed ? 'terminal__ok' : 'terminal__fail'}>
            {o.passed ? '✔' : '✘'} {o.hidden ? t('task.hiddenTest', { n: i + 1 }) : o.name}:{' '}
            {o.passed ? t('task.testPassed') : t('task.testFailed')}
            {!o.hidden &&
              !o.passed &&
              (o.error ? ` — ${o.error}` : ` — ${t('task.expected')} ${show(o.expected)}, ${t('task.actual')} ${show(o.actual)}`)}
            {!o.hidden && o.truncated && <strong className="terminal__truncated"> [{t('task.outputTruncated')}]</strong>}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function CodeBody({ task, locked, busy, onSubmit }: BodyProps) {
  const t = useT();
  const [code, setCode] = useState(task.answer ?? task.placeholder ?? '');
  const outcomes = Array.isArray(task.result) ? task.result : null;
  return (
    <div className="code-task">
      <CodeEditor
        value={code}
        onChange={setCode}
        language={task.codeLang ?? 'javascript'}
        readOnly={locked}
        label={t('task.code')}
        loadingLabel={t('task.editorLoading')}
      />
      {!locked && (
        <Button onClick={() => onSubmit({ solution: code })} disabled={code.trim() === ''} busy={busy}>
          {busy ? t('task.checking') : t('task.check')}
        </Button>
      )}
      {outcomes && <Terminal outcomes={outcomes} />}
    </div>
  );
}
