import { useId, type KeyboardEvent } from 'react';
import { CUSTOM_CALL_MAX_CHARS } from '@academy/shared/contract';
import { useT } from './texts';

/**
 * Beside Run (issue 32): a call of the student's own in the task's language (`greet("Боб")`), run after
 * the examples, its value shown and compared with nothing; Enter runs. Not for SQL: its tests have no call.
 */
export function CustomCallField({ value, change, run }: { value: string; change(next: string): void; run(): void }) {
  const t = useT();
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter that ends an input method's composition is the composition's
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    run();
  };
  return (
    <div className="field custom-call">
      <label className="field__label" htmlFor={id}>
        {t('task.customCall')}
      </label>
      <input
        id={id}
        className="field__input custom-call__input"
        type="text"
        value={value}
        maxLength={CUSTOM_CALL_MAX_CHARS}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        aria-describedby={`${id}-hint`}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="field__hint">
        {t('task.customCallHint')}
      </p>
    </div>
  );
}
