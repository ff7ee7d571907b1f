import type { FormEvent, ReactNode } from 'react';
import { useT } from '../texts';
import { Button } from '@academy/shared/ui';

/** A task form: fields locked once solved, the check button disabled until the answer is complete. */
export function TaskForm({
  complete,
  locked,
  busy,
  onSubmit,
  children,
}: {
  complete: boolean;
  locked: boolean;
  busy: boolean;
  onSubmit(): void;
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
      {!locked && (
        <Button type="submit" disabled={!complete} busy={busy}>
          {busy ? t('task.checking') : t('task.check')}
        </Button>
      )}
    </form>
  );
}
