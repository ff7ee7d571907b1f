import type { CodeLanguage, CodeTestOutcome } from '@academy/shared/contract';
import { useT } from './texts';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The command a student of the language would have typed: the terminal's first line, as their own would show it. */
const PROMPTS: Record<CodeLanguage, string> = {
  javascript: '$ node solution.js',
  typescript: '$ tsc solution.ts && node solution.js',
  java: '$ javac Solution.java && java Tests',
  go: '$ go build && ./tests',
  python: '$ python3 -m tests',
  sql: 'postgres=> \\i answer.sql',
};

/**
 * The check output as a terminal: the language's command, then one line per test; a hidden test shows
 * only whether it passed. When the code did not compile, the compiler's output (with the student's own
 * line numbers) stands in for the tests, none of which ran.
 */
export function Terminal({ outcomes, language }: { outcomes: CodeTestOutcome[]; language?: CodeLanguage | null }) {
  const t = useT();
  const compile = outcomes.find((o) => o.stage === 'compile' && o.error);
  return (
    <section className="terminal" aria-label={t('task.terminal')}>
      {language && (
        <p className="terminal__prompt" aria-hidden="true">
          {PROMPTS[language]}
        </p>
      )}
      {compile ? (
        <>
          <p className="terminal__fail">✘ {t('task.compileFailed')}</p>
          <pre className="terminal__compile">{compile.error}</pre>
          <p className="terminal__note">{t('task.testsNotRun', { count: outcomes.length })}</p>
        </>
      ) : (
        <ol className="terminal__lines">
          {outcomes.map((o, i) => (
            <li key={i} className={o.passed ? 'terminal__ok' : 'terminal__fail'}>
              {o.passed ? '✔' : '✘'} {o.hidden ? t('task.hiddenTest', { n: i + 1 }) : o.name}:{' '}
              {o.passed ? t('task.testPassed') : t('task.testFailed')}
              {!o.hidden &&
                !o.passed &&
                (o.error
                  ? ` — ${o.error}`
                  : ` — ${t('task.expected')} ${show(o.expected)}, ${t('task.actual')} ${show(o.actual)}`)}
              {!o.hidden && o.truncated && <strong className="terminal__truncated"> [{t('task.outputTruncated')}]</strong>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
