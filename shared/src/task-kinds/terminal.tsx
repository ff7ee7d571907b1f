import type { CodeTestOutcome } from '@academy/shared/contract';
import { useT } from './texts';

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
