import { useCallback, useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import {
  activeTools,
  applyLink,
  exec,
  focusAt,
  insertHtml,
  linkAt,
  rangeIn,
  removeLink,
  toggleCode,
  ZWSP,
  type Tool,
} from './commands';
import { LinkDialog, type LinkTarget } from './link-dialog';
import { pastedHtml } from './paste';
import { sanitizeRichHtml } from './sanitize';
import { useRichTexts } from './texts';
import { Toolbar } from './toolbar';

export { isRichTextEmpty, RichHtml, sanitizeRichHtml } from './view';

export interface RichTextEditorProps {
  /** the initial HTML; later changes of the prop do not reset what is typed */
  value: string;
  onChange(html: string): void;
  label: string;
  readOnly?: boolean;
  /** minimum height in px */
  minHeight?: number;
}

const NONE: ReadonlySet<Tool> = new Set();
const same = (a: ReadonlySet<Tool>, b: ReadonlySet<Tool>) => a.size === b.size && [...a].every((tool) => b.has(tool));

/**
 * A small rich-text editor: an editable area with its toolbar on top, one box (bold, italic, lists,
 * inline code, links through a dialog), the browser's own shortcuts (Ctrl+B, Ctrl+I) and Ctrl+K for a
 * link. The toolbar's buttons show the formatting at the caret. A paste and what the editor emits go
 * through the same allow-list as what it shows (`sanitizeRichHtml`); the server sanitizes again.
 */
export function RichTextEditor({ value, onChange, label, readOnly = false, minHeight = 160 }: RichTextEditorProps) {
  const texts = useRichTexts();
  const labelId = useId();
  const areaId = useId();
  const area = useRef<HTMLDivElement>(null);
  const initial = useRef(value);
  /** the last selection in the area, for a toolbar button reached with the keyboard */
  const lastRange = useRef<Range | null>(null);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(NONE);
  const [link, setLink] = useState<LinkTarget | null>(null);

  useEffect(() => {
    if (area.current) area.current.innerHTML = sanitizeRichHtml(initial.current);
  }, []);

  const emit = () => {
    if (area.current) onChange(sanitizeRichHtml(area.current.innerHTML.replaceAll(ZWSP, '')));
  };

  /** the pressed buttons and the remembered selection, from the selection now */
  const refresh = useCallback(() => {
    const element = area.current;
    if (!element) return;
    const range = rangeIn(element);
    if (range) lastRange.current = range.cloneRange();
    const next = activeTools(element);
    setActive((previous) => (same(previous, next) ? previous : next));
  }, []);

  useEffect(() => {
    if (!focused) return;
    document.addEventListener('selectionchange', refresh);
    return () => document.removeEventListener('selectionchange', refresh);
  }, [focused, refresh]);

  /** after a command: what it changed goes out, the buttons show the new formatting */
  const done = () => {
    emit();
    refresh();
  };

  const run = (tool: Tool) => {
    const element = area.current;
    if (!element || readOnly) return;
    focusAt(element, lastRange.current);
    if (tool === 'link') {
      const range = rangeIn(element);
      const current = linkAt(element);
      setLink({
        range: range?.cloneRange() ?? null,
        editing: current !== null,
        href: current?.getAttribute('href') ?? '',
        askText: !current && !!range?.collapsed,
      });
      return;
    }
    if (tool === 'code') toggleCode(element);
    else exec(tool);
    done();
  };

  /** back from the link dialog: the editor focused with the selection it had, then `change` */
  const closeLink = (change?: (element: HTMLElement) => void) => {
    const element = area.current;
    if (element && link) {
      focusAt(element, link.range, true);
      if (change) {
        change(element);
        done();
      }
    }
    setLink(null);
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!area.current || readOnly) return;
    insertHtml(area.current, pastedHtml(event.clipboardData));
    done();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      run('link');
    }
  };

  return (
    <div className={`rich-editor${readOnly ? ' rich-editor--readonly' : ''}`}>
      <span id={labelId} className="field__label">
        {label}
      </span>
      <div className={`rich-editor__box${focused ? ' rich-editor__box--focused' : ''}`}>
        {!readOnly && <Toolbar texts={texts} active={active} controls={areaId} onRun={run} />}
        <div
          ref={area}
          id={areaId}
          className="rich-editor__area rich-text"
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-readonly={readOnly || undefined}
          contentEditable={!readOnly}
          suppressContentEditableWarning
          tabIndex={0}
          style={{ minHeight }}
          onInput={done}
          onKeyUp={refresh}
          onMouseUp={refresh}
          onFocus={() => {
            setFocused(true);
            // Enter makes a paragraph, not a <div> (which the allow-list would unwrap into one line)
            exec('defaultParagraphSeparator', 'p');
            refresh();
          }}
          onBlur={() => {
            setFocused(false);
            emit();
          }}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
        />
      </div>
      {link && (
        <LinkDialog
          texts={texts}
          target={link}
          onApply={(href, text) => closeLink((element) => applyLink(element, href, text))}
          onRemove={() => closeLink(removeLink)}
          onClose={() => closeLink()}
        />
      )}
    </div>
  );
}
