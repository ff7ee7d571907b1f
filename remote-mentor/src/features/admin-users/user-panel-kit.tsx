import { useFormik } from 'formik';
import { useId, useMemo, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { object, string } from 'yup';
import { failureOf, notify } from '@academy/shared/api';
import type { AdminChange } from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { Button, SelectField } from '@academy/shared/ui';
import { useT, type TextKey } from '../../i18n';

// What every part of the user's panel (user-panel.tsx) is built of, shared by the parts' own files
// (user-panel-choices, user-panel-access): running a change, a titled part, a choice and its Save button.

/** Runs a change: a notice of what happened (or that nothing had to), the server's refusal kept for the panel. */
export function useChangeRunner(onRefused: (text: string | null) => void) {
  const dispatch = useDispatch();
  const serverText = useServerText();
  return async (action: () => Promise<AdminChange>, success: TextKey): Promise<boolean> => {
    onRefused(null);
    try {
      const { changed } = await action();
      dispatch(notify(changed ? { kind: 'success', message: success } : { kind: 'info', message: 'admin.unchanged' }));
      return true;
    } catch (error) {
      const text = serverText(failureOf(error));
      onRefused(text);
      dispatch(notify({ kind: 'danger', message: text, raw: true, timeout: 6000 }));
      return false;
    }
  };
}

export type Run = ReturnType<typeof useChangeRunner>;

/** A titled part of the panel: one thing to change. */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-panel__part" aria-labelledby={id}>
      <h3 id={id} className="admin-panel__part-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One select and its Save button: the form of a role, a payment type or a mentor. */
export function ChoiceForm({
  label,
  initial,
  options,
  busy,
  disabled = false,
  onSave,
}: {
  label: string;
  initial: string;
  options: Array<{ value: string; label: string }>;
  busy: boolean;
  disabled?: boolean;
  onSave(value: string): void;
}) {
  const t = useT();
  // the one rule: a value other than the current one (the message a key of the area's catalogue)
  const schema = useMemo(() => object({ choice: string().defined().notOneOf([initial], 'admin.unchanged') }), [initial]);
  const formik = useFormik({
    initialValues: { choice: initial },
    validationSchema: schema,
    onSubmit: ({ choice }) => onSave(choice),
  });
  // formik's errors come a moment after a change: the button follows the rule at once, as it always did
  const changed = schema.isValidSync(formik.values);
  return (
    <form className="admin-panel__choice" aria-label={label} onSubmit={formik.handleSubmit} noValidate>
      <SelectField label={label} disabled={disabled} {...formik.getFieldProps('choice')}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" busy={busy} disabled={disabled || !changed}>
        {t('admin.save')}
      </Button>
    </form>
  );
}
