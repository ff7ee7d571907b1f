import { useLayoutEffect } from 'react';

/** A press or submission on the prerendered page, held by the page's inline script (server/src/plugins/static.ts). */
type HeldAction = ['button' | 'form', number];

declare global {
  interface Window {
    __academyPrerenderedActions?: HeldAction[];
    /** The index of the prerendered page's button a pointer is pressed on now (the inline script notes it). */
    __academyPrerenderedPress?: number;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The field's own value setter: React notices a value set through it (and the event after it). */
function setNativeValue(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : field instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The value a field had as the server sent it. */
function defaultOf(field: Field): string {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  const options = [...field.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
}

/**
 * The caret and the selection of a focused text field carry over too: keys pressed next (a select-all,
 * then a delete) act on the same text.
 */
function keepSelection(field: HTMLInputElement | HTMLTextAreaElement, live: HTMLInputElement | HTMLTextAreaElement): void {
  const { selectionStart: start, selectionEnd: end, selectionDirection: direction, value } = field;
  if (start === null || end === null) return;
  const select = () => live.setSelectionRange?.(start, end, direction ?? undefined);
  select();
  // again once React has re-rendered with the carried value (that may move the caret), unless the
  // visitor did something there since: a key (a select-all, a caret move) or a pointer chose their own
  let acted = false;
  const act = () => (acted = true);
  live.addEventListener('keydown', act);
  live.addEventListener('pointerdown', act);
  setTimeout(() => {
    if (!acted && document.activeElement === live && live.value === value) select();
  }, 0);
}

const fieldsOf = (parent: Element) => [...parent.querySelectorAll<Field>('input, textarea, select')];
/** What a key (Tab) moves the focus to, but the fields: links, buttons, summaries and focusable regions. */
const CONTROLS = 'a[href], button, summary, select, [tabindex]:not([tabindex="-1"]):not(input):not(textarea)';
const controlsOf = (parent: Element) => [...parent.querySelectorAll<HTMLElement>(CONTROLS)];

/** A button's name as a reader hears it: its label, else its text. */
const nameOf = (button: HTMLButtonElement) => button.getAttribute('aria-label') ?? button.textContent;

/**
 * The live button a press held on the copy's `index`th button goes to: the one of the same name, the
 * same one of those (the second "Delete" to the second), wherever it is. Not the live page's `index`th:
 * the copy can lack a control the live page has before it (a code editor's font buttons come with its
 * lazy chunk), and the press was then dropped. None when the live page has no such button.
 */
function sameButton(live: HTMLButtonElement[], copy: Array<string | null>, index: number): HTMLButtonElement | undefined {
  const name = copy[index];
  const nth = copy.slice(0, index).filter((other) => other === name).length;
  return live.filter((button) => nameOf(button) === name)[nth];
}

/** A field's name as a reader hears it (its label), else its form name; with its type. */
const fieldName = (field: Field) =>
  `${field.type}:${field.getAttribute('aria-label') ?? field.labels?.[0]?.textContent ?? field.getAttribute('name') ?? ''}`;

/**
 * The live field each of the copy's fields goes to. The same page has the same fields in the same order;
 * when the live page has one more or one less (a part drawn a moment later on one of them), each field
 * of the copy goes to the live one of the same type and name, the same one of those (the second to the
 * second), and a field without a name to none: what was typed into the editor is not lost for a
 * comment box the live page lacks.
 */
function matchFields(copy: Field[], live: Field[]): Array<Field | undefined> {
  if (copy.length === live.length && copy.every((field, i) => field.type === live[i]!.type)) return live;
  const names = live.map(fieldName);
  const copyNames = copy.map(fieldName);
  return copyNames.map((name, index) => {
    if (name.endsWith(':')) return undefined;
    const nth = copyNames.slice(0, index).filter((other) => other === name).length;
    return live.filter((_, i) => names[i] === name)[nth];
  });
}

/**
 * A press begun on a copy's button (the pointer down) and ended after the hand-off: the browser sends no
 * click then (the pointer went down on an element that is gone), and the press was lost. The live button
 * of the same name takes it when the pointer is released over it, unless the browser clicked it itself.
 */
function finishPress(button: HTMLButtonElement | undefined): void {
  if (!button) return;
  let clicked = false;
  const native = () => (clicked = true);
  const cancel = () => document.removeEventListener('pointerup', up, true);
  function up(event: Event): void {
    document.removeEventListener('pointercancel', cancel, true);
    if (!(event.target instanceof Node) || !button!.contains(event.target)) return;
    button!.addEventListener('click', native, { once: true });
    // after the browser's own click, if it sends one (it comes in the same task as the release)
    setTimeout(() => {
      button!.removeEventListener('click', native);
      if (!clicked && button!.isConnected) button!.click();
    }, 0);
  }
  document.addEventListener('pointerup', up, { capture: true, once: true });
  document.addEventListener('pointercancel', cancel, { capture: true, once: true });
}

/**
 * Replaces the page the server prerendered (`#prerendered`, issue 14) with the app's live page in
 * `#root`, rendered hidden behind it until now. What the visitor changed meanwhile carries over to the same
 * elements of the live page: typed and ticked fields, the focus (on a field, or on a link or button
 * reached with Tab), held button presses and form submissions (replayed in order), and a press still
 * going on (the pointer down on a button, released after the hand-off). Does nothing
 * when there is no prerendered page.
 */
export function handOffPrerendered(): void {
  if (typeof document === 'undefined') return;
  const view = document.getElementById('prerendered');
  if (!view) return;
  const root = document.getElementById('root');
  const from = fieldsOf(view);
  const focused = from.findIndex((field) => field === document.activeElement);
  // a link or a button reached with Tab: the same one of the live page takes the focus (a keyboard
  // user's next Tab goes on from there, not from the top of the page)
  const controls = controlsOf(view);
  const focusedControl = controls.findIndex((control) => control === document.activeElement);
  const buttons = [...view.querySelectorAll('button')].map(nameOf);
  const held = window.__academyPrerenderedActions?.splice(0) ?? [];
  const pressing = window.__academyPrerenderedPress;
  window.__academyPrerenderedPress = undefined;
  view.remove();
  if (!root) return;
  const to = matchFields(from, fieldsOf(root));
  from.forEach((field, i) => {
    const live = to[i];
    if (!live) return;
    // only what the visitor changed there: the server's own value (a task's template) never replaces
    // what the live page starts from (the student's draft)
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked && field.checked !== (live as HTMLInputElement).checked) live.click();
    } else if (field.value !== defaultOf(field) && field.value !== live.value) {
      setNativeValue(live, field.value);
    }
  });
  const focusedLive = focused >= 0 ? to[focused] : undefined;
  if (focusedLive) {
    const field = from[focused]!;
    focusedLive.focus();
    if (!(field instanceof HTMLSelectElement) && !(focusedLive instanceof HTMLSelectElement)) keepSelection(field, focusedLive);
  }
  if (focusedControl >= 0) {
    const [control, live] = [controls[focusedControl]!, controlsOf(root)[focusedControl]];
    // the same page: the same control at the same place (otherwise the focus is not moved)
    if (live && live.tagName === control.tagName && live.textContent === control.textContent) live.focus({ preventScroll: true });
  }
  if (held.length === 0 && pressing === undefined) return;
  const liveButtons = [...root.querySelectorAll('button')];
  if (pressing !== undefined) finishPress(sameButton(liveButtons, buttons, pressing));
  const liveForms = [...root.querySelectorAll('form')];
  // After React has applied the carried-over values (the input events above are handled in this
  // commit, their state updates once it ends): a sign-in pressed on the prerendered form must submit
  // what was typed there, not the empty values the live form had a moment ago.
  setTimeout(() => {
    for (const [kind, index] of held) {
      if (kind === 'button') {
        const button = sameButton(liveButtons, buttons, index);
        if (button?.isConnected) button.click();
      } else if (liveForms[index]?.isConnected) {
        liveForms[index].requestSubmit();
      }
    }
  }, 0);
}

/** Whether the prerendered view is a page with its content (a student's course list or course page, rendered with their data). */
function prerenderedContent(): boolean {
  return typeof document !== 'undefined' && Boolean(document.getElementById('prerendered')?.hasAttribute('data-content'));
}

/**
 * Called by a page the server may have prerendered: once it is mounted (and `ready`: its data is
 * there), it replaces the prerendered one before the next paint.
 */
export function usePrerenderedHandoff(ready = true): void {
  useLayoutEffect(() => {
    if (ready) handOffPrerendered();
  }, [ready]);
}

/** How long a prerendered page with content waits for the live page to have its data. */
const CONTENT_WAIT_MS = 4000;

/**
 * Called by a signed-in area's frame: a prerendered frame (header and skeleton) is replaced as soon as
 * the frame is mounted; a prerendered page with content stays until the live page has its data (the
 * page hands off), or at most a few seconds (a page that never does: an error, another page).
 */
export function usePrerenderedFrameHandoff(): void {
  useLayoutEffect(() => {
    if (!prerenderedContent()) {
      handOffPrerendered();
      return undefined;
    }
    // a copy being used (a field focused or typed into, a press held) waits on, up to a limit: on a slow
    // phone the live page may need longer, and taking the copy away now would lose what was typed
    let waited = 0;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      waited += CONTENT_WAIT_MS;
      if (prerenderedInUse() && waited < CONTENT_WAIT_LIMIT_MS) timer = setTimeout(wait, CONTENT_WAIT_MS);
      else handOffPrerendered();
    };
    timer = setTimeout(wait, CONTENT_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
}

/** How long a copy being used may wait for its live page at most. */
const CONTENT_WAIT_LIMIT_MS = 30_000;

/** Whether the visitor is using the prerendered page: a field focused or changed, or a press held. */
function prerenderedInUse(): boolean {
  const view = document.getElementById('prerendered');
  if (!view) return false;
  if ((window.__academyPrerenderedActions?.length ?? 0) > 0) return true;
  if (view.contains(document.activeElement)) return true;
  return fieldsOf(view).some((field) =>
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
      ? field.checked !== field.defaultChecked
      : field.value !== defaultOf(field),
  );
}
