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
 */
const SAFE_HREF = /^(?:https?:\/\/[^/?#\\]|mailto:)[^\\]*$/i;

/**
 * An address as the browser's URL parser reads it: without leading and trailing C0 controls and
 * spaces, and without any tab or newline (`java\tscript:` is `javascript:`). The link keeps this form,
 * so what was checked is what the browser follows.
 */
function browserAddress(href: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters the URL standard strips
  return href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

const ALLOWED = new Set(ALLOWED_TAGS);
/**
 * Elements whose content is no text for a reader (scripts, styles, foreign and embedded content, a
 * document's head): dropped with all they hold. Any other element off the list is unwrapped: its text
 * and allowed children stay, as DOMPurify's `KEEP_CONTENT` does.
 */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'svg',
  'math',
  'title',
  'textarea',
  'select',
  'xmp',
  'plaintext',
  'head',
  'audio',
  'video',
  'canvas',
]);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * Rich text rebuilt from what the browser's HTML parser makes of it, in an inert document (nothing
 * in it runs or loads): only the allowed elements (new ones; a link only with a safe `href`, and then
 * the academy's `target` and `rel`) and text. Serialized and parsed again, that gives allowed elements
 * and text only: the parser may regroup them (nested links split, a `<pre>`'s leading newline dropped),
 * but no raw-text or foreign element is allowed, so no text can turn into markup (the re-parse
 * difference mutation XSS relies on). The same algorithm as DOMPurify, for a fixed list: 1 KB instead
 * of 10 KB brotli on every page that shows a notification (issue 14).
 */
function cleanTree(html: string): HTMLElement {
  const source = new DOMParser().parseFromString(html, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  // a walk in document order with an explicit stack, not recursion: deep nesting cannot exhaust the call stack
  const stack: Array<{ next: ChildNode | null; into: Node }> = [{ next: source.body.firstChild, into: container }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const node = frame.next;
    if (!node) {
      stack.pop();
      continue;
    }
    frame.next = node.nextSibling;
    if (node.nodeType === Node.TEXT_NODE) {
      frame.into.appendChild(output.createTextNode((node as Text).data));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = node as Element;
    const name = element.localName;
    if (element.namespaceURI !== HTML_NS || DROPPED.has(name)) continue;
    if (!ALLOWED.has(name)) {
      // unwrapped: its children go where it was, before its next sibling
      stack.push({ next: element.firstChild, into: frame.into });
      continue;
    }
    const copy = output.createElement(name);
    if (name === 'a') {
      const href = browserAddress(element.getAttribute('href') ?? '');
      // a kept link opens in a new tab without a way back to the academy's (`window.opener`), as the
      // server writes every link: whatever `target` and `rel` the text had
      if (SAFE_HREF.test(href)) {
        copy.setAttribute('href', href);
        copy.setAttribute('target', '_blank');
        copy.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    }
    frame.into.appendChild(copy);
    stack.push({ next: element.firstChild, into: copy });
  }
  return container;
}

/** Sanitizes again on the client what the server stored (defence in depth: spec, issue 4). */
export function sanitizeRichHtml(html: string): string {
  return cleanTree(html).innerHTML;
}

/** Server rendering has no HTML parser: there rich text is drawn as its plain text (escaped by React). */
const canParse = () => typeof DOMParser !== 'undefined';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const plainText = (html: string) =>
  html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!);

/** True when the HTML holds no visible text. */
export function isRichTextEmpty(html: string): boolean {
  return ((canParse() ? cleanTree(html).textContent : plainText(html)) ?? '').replace(/\s/g, '') === '';
}

/** Rich text from a student or mentor, shown safely (on the server: its text, until the live page takes over). */
export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const name = `rich-text ${className}`.trim();
  if (!canParse()) return <div className={name}>{plainText(html)}</div>;
  return <div className={name} dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(html) }} />;
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
