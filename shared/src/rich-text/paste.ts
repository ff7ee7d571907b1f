import { canParse, sanitizeRichHtml } from './sanitize';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text as rich text: its characters as text, each line break a `<br>`. */
export function plainTextHtml(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map(escapeText)
    .join('<br>');
}

/** Elements that hold blocks: a `div` with none of them inside is a paragraph of the source. */
const BLOCKS = 'p, div, ul, ol, li, pre, blockquote, table, section, article, h1, h2, h3, h4, h5, h6';
const RENAMED: Record<string, string> = { h1: 'h3', h2: 'h3', h5: 'h4', h6: 'h4' };

function rename(element: Element, name: string): Element {
  const copy = element.ownerDocument.createElement(name);
  copy.append(...Array.from(element.childNodes));
  element.replaceWith(copy);
  return copy;
}

/**
 * What other editors' HTML means in the allow-list's terms, before the allow-list itself: headings
 * of other levels as ours, a source's line (a `div` of text) as a paragraph, Google Docs' bold and
 * italic spans as `strong` and `em`, and its outer `<b id="docs-internal-guid-…">` (not bold) unwrapped.
 */
function normalize(body: HTMLElement): void {
  for (const wrapper of Array.from(body.querySelectorAll('b[id^="docs-internal-guid"]'))) {
    wrapper.replaceWith(...Array.from(wrapper.childNodes));
  }
  // innermost first: a div of divs stays a div (and is unwrapped), its inner lines become paragraphs
  for (const element of Array.from(body.querySelectorAll('div, h1, h2, h5, h6')).reverse()) {
    const name = RENAMED[element.localName];
    if (name) rename(element, name);
    else if (!element.querySelector(BLOCKS)) rename(element, 'p');
  }
  for (const span of Array.from(body.querySelectorAll<HTMLElement>('span[style]'))) {
    const weight = span.style.fontWeight;
    const bold = weight === 'bold' || Number(weight) >= 600;
    const italic = span.style.fontStyle === 'italic';
    if (!bold && !italic) continue;
    const inner = rename(span, italic ? 'em' : 'strong');
    if (bold && italic) {
      const strong = body.ownerDocument.createElement('strong');
      inner.replaceWith(strong);
      strong.append(inner);
    }
  }
}

/**
 * What a paste puts in the editor: the clipboard's HTML through the one allow-list (`sanitizeRichHtml`,
 * the same as the server's and `RichHtml`'s), else its plain text with its line breaks.
 */
export function pastedHtml(data: Pick<DataTransfer, 'getData'>): string {
  const html = data.getData('text/html');
  if (html && canParse()) {
    const source = new DOMParser().parseFromString(html, 'text/html');
    normalize(source.body);
    const clean = sanitizeRichHtml(source.body.innerHTML);
    // markup with nothing allowed in it (a picture alone): the text the clipboard has besides, if any
    if (clean.trim() !== '') return clean;
  }
  return plainTextHtml(data.getData('text/plain'));
}
