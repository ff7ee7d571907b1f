import {
  forwardRef,
  useId,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { AlertIcon } from './icons';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** shows a spinner and blocks clicks while an action runs */
  busy?: boolean;
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', busy = false, block = false, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  const classes = ['btn', `btn--${variant}`, block ? 'btn--block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button ref={ref} type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="spinner spinner--inline" aria-hidden />}
      {children}
    </button>
  );
});

/** What every labelled field takes besides its control's own attributes. */
interface FieldProps {
  label: string;
  error?: string | false | undefined;
  hint?: string | undefined;
}

/**
 * The frame of a labelled field: the label tied to the control, the hint and the error announced
 * with aria-describedby. `control` gets the id and the description to put on the element.
 */
function Field({
  label,
  error,
  hint,
  id,
  className,
  control,
}: FieldProps & {
  id: string;
  className: string | undefined;
  control: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldProps {}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id ?? autoId}
      className={className}
      control={(a11y) => <input ref={ref} className="field__input" {...a11y} {...rest} />}
    />
  );
});

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldProps {
  children: ReactNode;
}

/** A labelled select in the field style, its error and hint announced and tied to it. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, className, children, ...rest },
  ref,
) {
  const autoId = useId();
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id ?? autoId}
      className={className}
      control={(a11y) => (
        <select ref={ref} className="field__input" {...a11y} {...rest}>
          {children}
        </select>
      )}
    />
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {}

/** A labelled multi-line text field in the field style. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, rows = 3, ...rest },
  ref,
) {
  const autoId = useId();
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id ?? autoId}
      className={className}
      control={(a11y) => <textarea ref={ref} rows={rows} className="field__input" {...a11y} {...rest} />}
    />
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

export function Checkbox({ label, id, className, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={['checkbox', className ?? ''].filter(Boolean).join(' ')}>
      <input id={inputId} type="checkbox" {...rest} />
      <label htmlFor={inputId}>{label}</label>
    </div>
  );
}

export type AlertKind = 'success' | 'info' | 'warning' | 'danger';

/** A message box; danger and warning are announced at once (role alert), others politely. */
export function Alert({ kind = 'info', children, className }: { kind?: AlertKind; children: ReactNode; className?: string }) {
  const urgent = kind === 'danger' || kind === 'warning';
  return (
    <div role={urgent ? 'alert' : 'status'} className={['alert', `alert--${kind}`, className ?? ''].filter(Boolean).join(' ')}>
      {urgent && <AlertIcon className="alert__icon" />}
      <div className="alert__body">{children}</div>
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="status" aria-label={label}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A grey placeholder block shown while content loads. */
export function Skeleton({
  width = '100%',
  height = 16,
  className,
}: {
  width?: number | string;
  height?: number | string;
  className?: string;
}) {
  return <span className={['skeleton', className ?? ''].filter(Boolean).join(' ')} style={{ width, height }} aria-hidden />;
}

/** The skeleton of a whole page: what the user sees while the profile or an area loads. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className="page-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <Skeleton width="40%" height={28} />
      <Skeleton height={14} />
      <Skeleton width="85%" height={14} />
      <div className="page-skeleton__cards">
        <Skeleton height={120} />
        <Skeleton height={120} />
        <Skeleton height={120} />
      </div>
    </div>
  );
}
