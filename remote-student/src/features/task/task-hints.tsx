import { useId } from 'react';
import { useT } from '../../i18n/task';

/**
 * The task's hints the student's wrong answers unlocked (issue 32), under the verdict banner: the server
 * sends only those (one more after each wrong answer), so the task's refetch after an answer brings the
 * next. The region stays on the page and is polite: a hint that appears is read out once, the page's
 * focus stays where it is.
 */
export function TaskHints({ hints }: { hints: readonly string[] | undefined }) {
  const t = useT();
  const titleId = useId();
  return (
    <div aria-live="polite">
      {hints && hints.length > 0 && (
        <section className="task-hints" aria-labelledby={titleId}>
          <h2 id={titleId} className="task-hints__title">
            {t('task.hints', { count: hints.length })}
          </h2>
          <ol className="task-hints__list">
            {hints.map((hint, i) => (
              // the hints only ever grow at the end: a place is the hint's identity
              <li key={i}>{hint}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
