/**
 * The editor's commands on the document's selection, inside its editable area only: the browser's own
 * (`execCommand`, which keeps them in its undo history) where it has one, the DOM otherwise (inline
 * code has no command; a browser or jsdom without `execCommand` still gets links and pastes).
 */

export type Tool = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList' | 'code' | 'link';

/** The caret's placeholder inside an empty inline code (removed from what the editor emits). */
export const ZWSP = '\u200b';

/** A browser command; false when the browser has none or refuses it. */
export function exec(command: string, value?: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  try {
    return document.execCommand(command, false, value);
  } catch {
    return false;
  }
}

/** The selection's range when it lies in the editable area. */
export function rangeIn(area: HTMLElement): Range | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return area.contains(range.commonAncestorContainer) ? range : null;
}

function select(range: Range): void {
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

function caret(node: Node, offset: number): void {
  const range = document.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  select(range);
}

/**
 * Focuses the area and selects `range` in it: always with `force` (back from the link dialog), else
 * only when the document's selection is not in the area (a toolbar button reached with the keyboard).
 */
export function focusAt(area: HTMLElement, range: Range | null, force = false): void {
  if (document.activeElement !== area) area.focus();
  if (range && area.contains(range.commonAncestorContainer) && (force || !rangeIn(area))) select(range);
}

/** The nearest element matching `selector` around the node, inside the area (never the area itself). */
function closestIn(node: Node, selector: string, area: HTMLElement): HTMLElement | null {
  const start = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  const found = start?.closest<HTMLElement>(selector);
  return found && found !== area && area.contains(found) ? found : null;
}

interface TextPart {
  node: Text;
  start: number;
  end: number;
}

/**
 * The selected pieces of text, in order; not the white space between blocks (the source's new lines
 * between paragraphs or list items), which no reader sees.
 */
function textParts(range: Range, area: HTMLElement): TextPart[] {
  const root = range.commonAncestorContainer;
  const nodes: Text[] = [];
  if (root.nodeType === Node.TEXT_NODE) nodes.push(root as Text);
  else {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (range.intersectsNode(node)) nodes.push(node as Text);
    }
  }
  return nodes
    .map((node) => ({
      node,
      start: node === range.startContainer ? range.startOffset : 0,
      end: node === range.endContainer ? range.endOffset : node.length,
    }))
    .filter(({ node, start, end }) => {
      if (start >= end) return false;
      const parent = node.parentElement;
      const betweenBlocks = parent === area || parent?.matches('ul, ol, blockquote');
      return !betweenBlocks || /\S/.test(node.data.slice(start, end));
    });
}

/** Whether every selected piece of text (or the caret) is inside an element the test accepts. */
function everywhere(area: HTMLElement, range: Range, inside: (node: Node) => boolean): boolean {
  const parts = range.collapsed ? [] : textParts(range, area);
  return parts.length > 0 ? parts.every((part) => inside(part.node)) : inside(range.startContainer);
}

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}

/** Selects from the start of the first part to the end of the last (text nodes survive an unwrap). */
function selectParts(parts: TextPart[]): void {
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (!first || !last) return;
  const range = document.createRange();
  range.setStart(first.node, first.start);
  range.setEnd(last.node, last.end);
  select(range);
}

/** Wraps each selected piece of text not inside such an element yet in a new `tag`, and selects them. */
function wrapParts(area: HTMLElement, range: Range, tag: string): HTMLElement[] {
  const wrapped: HTMLElement[] = [];
  for (const { node, start, end } of textParts(range, area)) {
    if (closestIn(node, tag, area)) continue;
    if (end < node.length) node.splitText(end);
    const piece = start > 0 ? node.splitText(start) : node;
    const element = document.createElement(tag);
    piece.parentNode?.insertBefore(element, piece);
    element.appendChild(piece);
    wrapped.push(element);
  }
  const first = wrapped[0];
  const last = wrapped[wrapped.length - 1];
  if (first && last) {
    const around = document.createRange();
    around.setStartBefore(first);
    around.setEndAfter(last);
    select(around);
  }
  return wrapped;
}

/**
 * Inline code on and off. A selection: wrapped in `<code>` (each piece of text, so formatting and
 * paragraphs stay), or unwrapped when all of it is code already. A caret: a new code to type into,
 * out of the code when at its end, else the code around it unwrapped.
 */
export function toggleCode(area: HTMLElement): void {
  const range = rangeIn(area);
  if (!range) return;
  const codeOf = (node: Node) => closestIn(node, 'code', area);
  if (range.collapsed) {
    const code = codeOf(range.startContainer);
    if (!code) {
      const fresh = document.createElement('code');
      fresh.textContent = ZWSP;
      range.insertNode(fresh);
      caret(fresh.firstChild!, 1);
      return;
    }
    const rest = document.createRange();
    rest.setStart(range.startContainer, range.startOffset);
    rest.setEndAfter(code);
    if (rest.toString().replaceAll(ZWSP, '') === '') {
      const after = document.createTextNode(ZWSP);
      code.after(after);
      caret(after, 1);
      return;
    }
    const { startContainer, startOffset } = range;
    unwrap(code);
    caret(startContainer, startOffset);
    return;
  }
  const parts = textParts(range, area);
  if (parts.length > 0 && parts.every((part) => codeOf(part.node))) {
    new Set(parts.map((part) => codeOf(part.node)!)).forEach(unwrap);
    selectParts(parts);
    return;
  }
  wrapParts(area, range, 'code');
}

/** The link at the caret (or the selection's start), if any. */
export function linkAt(area: HTMLElement): HTMLAnchorElement | null {
  const range = rangeIn(area);
  return range ? (closestIn(range.startContainer, 'a', area) as HTMLAnchorElement | null) : null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const BLOCK = 'p, h3, h4, pre, blockquote, ul, ol';

/**
 * Without the browser's command: a paste of paragraphs into a paragraph splits it there, as a browser
 * does (a paragraph inside a paragraph is no HTML); pieces left empty go.
 */
function splitBlockAt(area: HTMLElement, range: Range): void {
  const block = closestIn(range.startContainer, 'p, h3, h4', area);
  if (!block) return;
  const tail = document.createRange();
  tail.setStart(range.startContainer, range.startOffset);
  tail.setEndAfter(block);
  const rest = tail.extractContents();
  const restBlock = rest.firstChild;
  block.after(rest);
  if (restBlock?.textContent === '') restBlock.remove();
  range.setStartAfter(block);
  range.collapse(true);
  if (block.textContent === '') block.remove();
}

/** Puts HTML (allowed markup only: the caller cleaned it) in place of the selection. */
export function insertHtml(area: HTMLElement, html: string): void {
  if (html === '' || exec('insertHTML', html)) return;
  const range = rangeIn(area);
  if (!range) return;
  const template = document.createElement('template');
  template.innerHTML = html;
  const last = template.content.lastChild;
  range.deleteContents();
  if (template.content.querySelector(BLOCK)) splitBlockAt(area, range);
  range.insertNode(template.content);
  if (last) {
    range.setStartAfter(last);
    range.collapse(true);
    select(range);
  }
}

/**
 * A link to a checked address: the link at the caret gets it, a selection becomes the link, and at a
 * caret the link is inserted with `text` (the address when empty).
 */
export function applyLink(area: HTMLElement, href: string, text: string): void {
  const range = rangeIn(area);
  if (!range) return;
  const current = linkAt(area);
  if (current) current.setAttribute('href', href);
  else if (range.collapsed) insertHtml(area, `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`);
  else if (!exec('createLink', href)) wrapParts(area, range, 'a').forEach((link) => link.setAttribute('href', href));
}

/** The link at the caret becomes plain text again, selected. */
export function removeLink(area: HTMLElement): void {
  const link = linkAt(area);
  if (!link) return;
  const range = document.createRange();
  range.selectNodeContents(link);
  select(range);
  if (exec('unlink')) return;
  const parts = textParts(range, area);
  unwrap(link);
  selectParts(parts);
}

const NATIVE: Partial<Record<Tool, true>> = { bold: true, italic: true, insertUnorderedList: true, insertOrderedList: true };

/** The browser's own answer for its commands (it knows a bold heading, or bold set for the next letters). */
function nativeState(tool: Tool): boolean | undefined {
  if (!NATIVE[tool] || typeof document.queryCommandState !== 'function') return undefined;
  try {
    return document.queryCommandState(tool);
  } catch {
    return undefined;
  }
}

/** The formatting at the caret or over the whole selection, for the toolbar's pressed buttons. */
export function activeTools(area: HTMLElement): Set<Tool> {
  const active = new Set<Tool>();
  const range = rangeIn(area);
  if (!range) return active;
  const list = (node: Node) => closestIn(node, 'ul, ol', area)?.localName;
  const markup: Record<Tool, (node: Node) => boolean> = {
    bold: (node) => !!closestIn(node, 'b, strong', area),
    italic: (node) => !!closestIn(node, 'i, em', area),
    insertUnorderedList: (node) => list(node) === 'ul',
    insertOrderedList: (node) => list(node) === 'ol',
    code: (node) => !!closestIn(node, 'code', area),
    link: (node) => !!closestIn(node, 'a', area),
  };
  for (const tool of Object.keys(markup) as Tool[]) {
    const on = tool === 'link' ? markup.link(range.startContainer) : (nativeState(tool) ?? everywhere(area, range, markup[tool]));
    if (on) active.add(tool);
  }
  return active;
}
