/**
 * The one allow-list of rich text on the client: what a notification, an answer or a comment shows
 * (`RichHtml`), what the editor emits and what a paste into it may bring.
 */
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

/**
 * The address a link may keep (as the browser will read it), or null: the one rule of the sanitizer
 * and of the editor's link dialog.
 */
export function safeHref(raw: string): string | null {
  const href = browserAddress(raw);
  return SAFE_HREF.test(href) ? href : null;
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
      const href = safeHref(element.getAttribute('href') ?? '');
      // a kept link opens in a new tab without a way back to the academy's (`window.opener`), as the
      // server writes every link: whatever `target` and `rel` the text had
      if (href !== null) {
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
export const canParse = () => typeof DOMParser !== 'undefined';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
export const plainText = (html: string) =>
  html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!);

/** True when the HTML holds no visible text. */
export function isRichTextEmpty(html: string): boolean {
  return ((canParse() ? cleanTree(html).textContent : plainText(html)) ?? '').replace(/\s/g, '') === '';
}
