import type { FormEvent, ReactNode } from 'react';
import { useT } from '../texts';
import { Button } from '@academy/shared/ui';

/**
 * A task form: fields locked once solved, the check button disabled until the answer is complete. `wrong`:
 * how many of the graded answer's items, still as sent, are marked wrong, of how many (issue 32).
 */
export function TaskForm({
  complete,
  locked,
  busy,
  onSubmit,
  wrong,
  children,
}: {
  complete: boolean;
  locked: boolean;
  busy: boolean;
  onSubmit(): void;
  wrong?: { count: number; total: number };
  children: ReactNode;
}) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !locked) onSubmit();
  };
  return (
    <form className="task-form" onSubmit={submit}>
      <fieldset className="task-form__fields" disabled={locked}>
        {children}
      </fieldset>
      {!locked && wrong && wrong.count > 0 && (
        <p className="task-form__wrong">{t('task.wrongItems', { count: wrong.count, total: wrong.total })}</p>
      )}
      {!locked && (
        <Button type="submit" disabled={!complete} busy={busy}>
          {busy ? t('task.checking') : t('task.check')}
        </Button>
      )}
    </form>
  );
}
