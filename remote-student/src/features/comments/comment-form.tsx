import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { COMMENT_MAX_LENGTH, isBlankComment, normalizeCommentText } from '@academy/shared/contract';
import { Button } from '@academy/shared/ui';
import { useT } from '../../i18n/comments';

/** The counter shows once this few characters are left. */
const COUNTER_FROM = COMMENT_MAX_LENGTH - 200;

export interface CommentFormProps {
  /** the textarea's id (the comment prompt after a right answer leads there) */
  fieldId?: string;
  label: string;
  /** the label is for screen readers only (an answer or an edit under its comment) */
  labelHidden?: boolean;
  placeholder?: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  /** the server's refusal, shown under the field */
  error: string | null;
  focusOnOpen?: boolean;
  /** sends the text as stored (trimmed, without bidi controls); true when it was saved (the field is then emptied) */
  onSubmit(text: string): Promise<boolean>;
  onCancel?(): void;
}

/**
 * A comment's text field: never sends an empty (or invisible) text nor one over the limit (a counter
 * shows near it), Ctrl+Enter (⌘+Enter) sends, the server's refusal is shown under the field.
 * The one form not on formik + yup (docs/architecture.md, "Deliberate deviations"): measured, formik and
 * yup would be loaded by the task page for it alone, +23.9 KB brotli (181.3 → 205.9 KB, its budget is
 * 182 KB). Its one rule, visible text within COMMENT_MAX_LENGTH, is the contract's, shared with the server.
 */
export function CommentForm({
  fieldId,
  label,
  labelHidden = false,
  placeholder,
  submitLabel,
  initial = '',
  busy,
  error,
  focusOnOpen = false,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const t = useT();
  const autoId = useId();
  const id = fieldId ?? autoId;
  const [text, setText] = useState(initial);
  const field = useRef<HTMLTextAreaElement>(null);
  // counted as the server stores it: a text nobody would see (zero-width characters only) is empty
  const normalized = normalizeCommentText(text);
  const length = normalized.length;
  const over = length > COMMENT_MAX_LENGTH;
  const canSend = !isBlankComment(normalized) && !over && !busy;

  useEffect(() => {
    if (!focusOnOpen || !field.current) return;
    field.current.focus();
    // an edit starts with the cursor after the text
    field.current.setSelectionRange(field.current.value.length, field.current.value.length);
  }, [focusOnOpen]);

  const send = async () => {
    if (!canSend) return;
    if (await onSubmit(normalized)) setText('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
    if (event.key === 'Escape' && onCancel) onCancel();
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : '', length >= COUNTER_FROM ? `${id}-counter` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <textarea
        ref={field}
        id={id}
        className="field__input comment-form__text"
        value={text}
        rows={3}
        placeholder={placeholder}
        aria-invalid={over || error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={keyDown}
      />
      <div className="comment-form__meta">
        <span id={`${id}-hint`} className="comment-form__hint">
          {t('comments.sendHint')}
        </span>
        {length >= COUNTER_FROM && (
          <span
            id={`${id}-counter`}
            className={`comment-form__counter${over ? ' comment-form__counter--over' : ''}`}
            aria-live="polite"
          >
            {over
              ? t('comments.tooLong', { max: COMMENT_MAX_LENGTH, over: length - COMMENT_MAX_LENGTH })
              : t('comments.counter', { count: length, max: COMMENT_MAX_LENGTH })}
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="comment-form__actions">
        <Button type="submit" disabled={!canSend} busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('comments.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
