import type { CodeLanguage, CodeRun, CodeTestOutcome } from '@academy/shared/contract';
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

/**
 * An answer being graded (Java, Go, Python go to a grader): the terminal with where its grading is
 * (queued, compiling, running test i of n) and a bar for the tests run, announced politely.
 */
export function RunProgress({ run, language }: { run: CodeRun; language?: CodeLanguage | null }) {
  const t = useT();
  const done = run.status === 'running' && run.test ? run.test - 1 : 0;
  const line =
    run.status === 'queued'
      ? t('task.runQueued')
      : run.status === 'compiling'
        ? t('task.runCompiling')
        : t('task.runTest', { n: run.test ?? 1, count: run.tests });
  return (
    <section className="terminal terminal--running" aria-label={t('task.terminal')} aria-busy="true">
      {language && (
        <p className="terminal__prompt" aria-hidden="true">
          {PROMPTS[language]}
        </p>
      )}
      <p className="terminal__note" role="status">
        <span className="terminal__spinner" aria-hidden="true" /> {line}
      </p>
      <progress className="terminal__progress" max={run.tests} value={done} aria-label={t('task.runProgress')} />
    </section>
  );
}
