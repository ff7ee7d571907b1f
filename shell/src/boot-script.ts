// The page's one inline script, run in <head> before anything paints (allowed by its hash in the CSP).
// Compiled and minified by the shell's build into dist/server/boot-script.js (tooling/build-server-entry.mjs);
// the server inlines that file into every page and takes the CSP hash from it.
// - When the language remembered in this browser is not the one the server rendered (no cookie yet),
//   the server's page is hidden and the app renders as before: no page in the wrong language.
// - A press on a button of the server's page, or its form's submission, before the app has taken over
//   is held (not lost, not a native form submission) and replayed on the live page at the hand-off
//   (`handOffPrerendered` in shared/src/ui/prerendered.ts reads `__academyPrerenderedActions`). A press
//   begun there (the pointer down on a button) is noted too (`__academyPrerenderedPress`): when the
//   hand-off comes before the pointer is released, the live button of the same name takes the press.
// - Right after the first paint (on a page that starts its app at the first interaction: when it does,
//   once the document is parsed) it asks for the chunks the path runs first (`#academy-preload`): the
//   page paints without sharing the slow network with ~30 scripts, which then arrive before the app
//   would have discovered them one after another (one link per task: starting a fetch costs the main
//   thread ~1 ms, ~4 ms on a slow phone and ~5 ms under Lighthouse's recording, so four in one task made
//   a task over 50 ms at 4x CPU on every page, and all of them in one would block it for ~100 ms).
// - On a page marked `data-boot="interaction"` (the sign-in and landing pages served to a visitor
//   without a session: complete HTML that needs no script to be read, typed into or followed), the app
//   starts at the visitor's first interaction (a key, a pointer, a touch, a focus, an input, a scroll,
//   or a press or submission that came without any of them: a screen reader's or a voice command's),
//   and only then are its chunks fetched. A reader pays no script time and no script bytes at all; one
//   who signs in starts it by focusing the first field, and the app arrives while they type. When the
//   server's page is hidden (another language remembered here) the app starts at once.

import { browserTimeZone, TIME_ZONE_COOKIE } from '@academy/shared/contract';

type HeldAction = ['button' | 'form', number];

const doc = document;
const html = doc.documentElement;
const prerendered = window as Window & { __academyPrerenderedActions?: HeldAction[]; __academyPrerenderedPress?: number };
const held: HeldAction[] = (prerendered.__academyPrerenderedActions = []);

try {
  const remembered = localStorage.getItem('academy.lang');
  if ((remembered === 'ru' || remembered === 'en') && remembered !== html.lang) {
    html.lang = remembered;
    html.classList.add('prerender-off');
  }
} catch {
  // storage refused (a private window's policy): the server's language stays
}

/**
 * The theme (issue 32), set on <html> before the first paint: the choice kept in this browser by the
 * profile menu's switch (`academy.theme`: light or dark), else the system's (prefers-color-scheme), followed
 * live. The switch announces a new choice with the `academy-theme` event; another tab's, through `storage`.
 */
const dark = matchMedia('(prefers-color-scheme: dark)');
function applyTheme(): void {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem('academy.theme');
  } catch {
    // storage refused: the system's theme
  }
  const theme = chosen === 'light' || chosen === 'dark' ? chosen : dark.matches ? 'dark' : 'light';
  const shown = html.getAttribute('data-theme');
  if (shown === theme) return;
  html.setAttribute('data-theme', theme);
  // the first theme is set before anything is styled: there is no transition to stop (and removing the
  // class later would restyle the whole page once more)
  if (shown === null) return;
  // no transition eases a colour from the old theme to the new one: the change is at once, everywhere
  html.classList.add('theme-changing');
  requestAnimationFrame(() => requestAnimationFrame(() => html.classList.remove('theme-changing')));
}
applyTheme();
dark.addEventListener('change', applyTheme);
addEventListener('academy-theme', applyTheme);
addEventListener('storage', (event) => {
  if (event.key === 'academy.theme') applyTheme();
});

/** The index, among the server page's elements matching `selector`, of the one the event is on; -1 when none. */
function indexOn(event: Event, selector: string): number {
  const view = doc.getElementById('prerendered');
  const target = event.target instanceof Element ? event.target.closest(selector) : null;
  return view && target && view.contains(target) ? Array.prototype.indexOf.call(view.querySelectorAll(selector), target) : -1;
}

const lazy = html.getAttribute('data-boot') === 'interaction';
let booted = !lazy;
if (!lazy) rememberTimeZone();

doc.addEventListener(
  'click',
  (event) => {
    const index = indexOn(event, 'button');
    if (index < 0) return;
    event.preventDefault();
    held.push(['button', index]);
    boot();
  },
  true,
);
// the button of the server's page under a pointer pressed now (until it is released or the press is given up)
doc.addEventListener(
  'pointerdown',
  (event) => {
    const index = indexOn(event, 'button');
    prerendered.__academyPrerenderedPress = index < 0 ? undefined : index;
  },
  true,
);
for (const type of ['pointerup', 'pointercancel']) {
  doc.addEventListener(type, () => (prerendered.__academyPrerenderedPress = undefined), true);
}
doc.addEventListener(
  'submit',
  (event) => {
    const index = indexOn(event, 'form');
    if (index < 0) return;
    event.preventDefault();
    held.push(['form', index]);
    boot();
  },
  true,
);

/** Writes the browser's time zone into its cookie when the cookie says another (or none). */
function rememberTimeZone(): void {
  const zone = browserTimeZone();
  // no zone (an old browser): times are shown in the browser's own zone once the app runs
  if (!zone) return;
  try {
    const cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
    if (doc.cookie.split('; ').indexOf(cookie) < 0) doc.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // cookies refused (a sandboxed document): the script goes on, the server renders without the zone
  }
}

/** Starts the app (its entry script), then asks for the chunks it runs first. */
function boot(): void {
  if (booted) return;
  booted = true;
  if (lazy) rememberTimeZone();
  const go = () => {
    const script = doc.createElement('script');
    script.src = '/main.js';
    doc.body.appendChild(script);
    hints();
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', go);
  else go();
}

if (lazy) {
  if (html.classList.contains('prerender-off')) boot();
  else {
    for (const type of ['pointerdown', 'keydown', 'touchstart', 'focusin', 'input', 'change', 'mousemove', 'wheel', 'scroll']) {
      addEventListener(type, boot, { capture: true, passive: true, once: true });
    }
  }
}

/** Preloads the path's first chunks (`#academy-preload`), one link per task. */
function hints(): void {
  const list = doc.getElementById('academy-preload');
  if (!list?.textContent) return;
  const urls = JSON.parse(list.textContent) as string[];
  if (urls.length === 0) return;
  const add = (at: number) => {
    const url = urls[at]!;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = /\.css$/.test(url) ? 'style' : 'script';
    link.href = url;
    // a script that fails to arrive is marked: the app's boot (preloadsArrived) then stops waiting for it
    link.onerror = () => link.setAttribute('data-failed', '');
    doc.head.appendChild(link);
    if (at + 1 < urls.length) setTimeout(() => add(at + 1), 0);
  };
  add(0);
}

if (!lazy) requestAnimationFrame(() => setTimeout(hints, 0));

export {};
