import DOMPurify from 'dompurify';
import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '@academy/shared/i18n';

/** The tags rich text may use, as the server's sanitizer allows them. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'code',
  'pre',
  'blockquote',
  'h3',
  'h4',
];

/**
 * The links rich text may keep, as the server's `safeHref` does: an absolute http(s) address with its
 * host after `//`, or mailto:, never a backslash (`/\host` and `http:\\host` are `//host` to a browser).
 * DOMPurify tests it with the whitespace taken out.
 */
const SAFE_HREF = /^(?:https?:\/\/[^/?#\\]|mailto:)[^\\]*$/i;

/** Sanitizes again on the client what the server stored (defence in depth: spec, issue 4). */
export function sanitizeRichHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: SAFE_HREF,
    // DOMPurify tests every attribute that is not "URI-safe" against the link pattern: not these two
    ADD_URI_SAFE_ATTR: ['rel', 'target'],
    ALLOW_DATA_ATTR: false,
  });
}

/** True when the HTML holds no visible text. */
export function isRichTextEmpty(html: string): boolean {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [] }).replace(/&nbsp;|\s/g, '') === '';
}

/** Rich text from a student or mentor, shown safely. */
export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`.trim()} dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(html) }} />;
}

export interface RichTextEditorProps {
  /** the initial HTML; later changes of the prop do not reset what is typed */
  value: string;
  onChange(html: string): void;
  label: string;
  readOnly?: boolean;
  /** minimum height in px */
  minHeight?: number;
}

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList' | 'code' | 'link';

function wrapSelectionInCode() {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return;
  const range = selection.getRangeAt(0);
  const code = document.createElement('code');
  code.textContent = range.toString();
  range.deleteContents();
  range.insertNode(code);
  selection.removeAllRanges();
}

/**
 * A small rich-text editor (contentEditable with a toolbar): bold, italic, lists, inline code and
 * links, with the browser's own shortcuts (Ctrl+B, Ctrl+I). Pasting keeps the text, not the styles.
 * Everything it produces is sanitized again on the server.
 */
export function RichTextEditor({ value, onChange, label, readOnly = false, minHeight = 160 }: RichTextEditorProps) {
  const t = useT();
  const labelId = useId();
  const area = useRef<HTMLDivElement>(null);
  const initial = useRef(value);

  useEffect(() => {
    if (area.current) area.current.innerHTML = sanitizeRichHtml(initial.current);
  }, []);

  const emit = () => onChange(area.current?.innerHTML ?? '');

  const run = (command: Command) => {
    area.current?.focus();
    if (command === 'code') wrapSelectionInCode();
    else if (command === 'link') {
      const href = window.prompt(t('richText.linkPrompt'), 'https://');
      if (!href || !/^(https?:\/\/|mailto:)/i.test(href.trim())) return;
      document.execCommand('createLink', false, href.trim());
    } else document.execCommand(command);
    emit();
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
    emit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      run('link');
    }
  };

  const linkIcon = (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
  const tools: Array<[Command, string, ReactNode]> = [
    ['bold', t('richText.bold'), 'B'],
    ['italic', t('richText.italic'), 'I'],
    ['insertUnorderedList', t('richText.bulletList'), '•'],
    ['insertOrderedList', t('richText.numberedList'), '1.'],
    ['code', t('richText.code'), '</>'],
    ['link', t('richText.link'), linkIcon],
  ];

  return (
    <div className={`rich-editor${readOnly ? ' rich-editor--readonly' : ''}`}>
      <span id={labelId} className="field__label">
        {label}
      </span>
      {!readOnly && (
        <div className="rich-editor__toolbar" role="toolbar" aria-label={t('richText.toolbar')}>
          {tools.map(([command, name, glyph]) => (
            <button
              key={command}
              type="button"
              className={`rich-editor__tool rich-editor__tool--${command}`}
              aria-label={name}
              title={name}
              // keep the selection in the text while the button is pressed
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(command)}
            >
              <span aria-hidden="true">{glyph}</span>
            </button>
          ))}
        </div>
      )}
      <div
        ref={area}
        className="rich-editor__area rich-text"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-readonly={readOnly || undefined}
        contentEditable={!readOnly}
        suppressContentEditableWarning
        tabIndex={0}
        style={{ minHeight }}
        onInput={emit}
        onBlur={emit}
        onPaste={onPaste}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
