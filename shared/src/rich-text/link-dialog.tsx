import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Dialog, TextField } from '@academy/shared/ui';
import { safeHref } from './sanitize';
import type { RichTexts } from './texts';

export interface LinkTarget {
  /** the editor's selection when the dialog opened, selected again before anything is applied */
  range: Range | null;
  /** a link at the caret: its address is edited, or it is removed */
  editing: boolean;
  /** the address of the link at the caret */
  href: string;
  /** nothing is selected and there is no link at the caret: the dialog asks for the link's text too */
  askText: boolean;
}

interface LinkDialogProps {
  texts: RichTexts;
  target: LinkTarget;
  onApply(href: string, text: string): void;
  onRemove(): void;
  onClose(): void;
}

/**
 * The link dialog (the common modal `Dialog`: focus kept inside, Esc closes, focus back to the editor):
 * an address checked by the sanitizer's own rule, a text when nothing is selected, and "Remove" for
 * a link at the caret. Enter in a field applies (no form: the editor may be inside one).
 */
export function LinkDialog({ texts, target, onApply, onRemove, onClose }: LinkDialogProps) {
  const [href, setHref] = useState(target.href);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const address = useRef<HTMLInputElement>(null);
  const { editing } = target;

  // after the Dialog's own focus (its first control, the close button): the address
  useEffect(() => address.current?.focus(), []);

  const apply = () => {
    const checked = safeHref(href);
    if (checked === null) {
      setInvalid(true);
      address.current?.focus();
      return;
    }
    onApply(checked, text.trim());
  };
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    apply();
  };

  return (
    <Dialog
      open
      title={editing ? texts.linkEdit : texts.linkInsert}
      onClose={onClose}
      closeLabel={texts.close}
      width={440}
      footer={
        <>
          {editing && (
            <Button variant="ghost" className="rich-editor__unlink" onClick={onRemove}>
              {texts.linkRemove}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button onClick={apply}>{texts.linkApply}</Button>
        </>
      }
    >
      <div className="rich-editor__link-fields">
        <TextField
          ref={address}
          label={texts.linkAddress}
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="url"
          value={href}
          error={invalid && texts.linkInvalid}
          onChange={(event) => {
            setHref(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={onEnter}
        />
        {target.askText && (
          <TextField
            label={texts.linkText}
            hint={texts.linkTextHint}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onEnter}
          />
        )}
        {/* the error said as it appears (the field keeps the focus): the field shows it and names it too */}
        <p className="visually-hidden" role="alert">
          {invalid ? texts.linkInvalid : ''}
        </p>
      </div>
    </Dialog>
  );
}
