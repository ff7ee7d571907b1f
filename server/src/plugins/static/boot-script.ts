import crypto from 'node:crypto';

/**
 * The page's one inline script, run in <head> before anything paints (allowed by its hash in the CSP):
 * - when the language remembered in this browser is not the one the server prerendered (no cookie
 *   yet), the prerendered page is hidden and the app renders as before: no page in the wrong language;
 * - a press on a button of the prerendered page, or its form's submission, before the app has taken
 *   over is held (not lost, not a native form submission) and replayed on the live page at the hand-off
 *   (`handOffPrerendered` in shared/src/ui/prerendered.ts reads `__academyPrerenderedActions`);
 * - right after the first paint (on a page that starts its app at the first interaction: when it does,
 *   once the document is parsed) it asks for the chunks the path runs first (`#academy-preload`): the
 *   page paints without sharing the slow network with ~30 scripts, which then arrive before the app
 *   would have discovered them one after another (four links per task: starting a fetch costs the main
 *   thread ~1 ms, ~4 ms on a slow phone, so all of them in one task would block it for ~100 ms);
 * - on a page marked `data-boot="interaction"` (the sign-in and landing pages served to a visitor
 *   without a session: complete HTML that needs no script to be read, typed into or followed), the app
 *   starts at the visitor's first interaction (a key, a pointer, a touch, a focus, an input, a scroll,
 *   or a press or submission that came without any of them: a screen reader's or a voice command's), and
 *   only then are its chunks fetched (preloaded, four links per task). A reader pays no script time and
 *   no script bytes at all (a visitor who only reads the landing page never loads the app); one who
 *   signs in starts it by focusing the first field, and the ~240 KB arrive while they type. A press
 *   meanwhile is held as above. When the prerendered page is hidden (another language remembered
 *   here) the app starts at once.
 */
export const PRERENDER_SCRIPT =
  '(function(){var d=document,h=d.documentElement,q=window.__academyPrerenderedActions=[];' +
  "try{var l=localStorage.getItem('academy.lang');if((l==='ru'||l==='en')&&l!==h.lang){h.lang=l;h.classList.add('prerender-off')}}catch(e){}" +
  "function at(e,s){var v=d.getElementById('prerendered'),t=e.target&&e.target.closest?e.target.closest(s):null;" +
  'return v&&t&&v.contains(t)?Array.prototype.indexOf.call(v.querySelectorAll(s),t):-1}' +
  "var lazy=h.getAttribute('data-boot')==='interaction',booted=!lazy;" +
  "d.addEventListener('click',function(e){var i=at(e,'button');if(i>=0){e.preventDefault();q.push(['button',i]);boot()}},true);" +
  "d.addEventListener('submit',function(e){var i=at(e,'form');if(i>=0){e.preventDefault();q.push(['form',i]);boot()}},true);" +
  "function boot(){if(booted)return;booted=true;var go=function(){var s=d.createElement('script');s.src='/main.js';d.body.appendChild(s);hints()};" +
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',go);else go()}" +
  "if(lazy){if(h.classList.contains('prerender-off'))boot();" +
  "else['pointerdown','keydown','touchstart','focusin','input','change','mousemove','wheel','scroll'].forEach(function(t){addEventListener(t,boot,{capture:true,passive:true,once:true})})}" +
  "function hints(){var p=d.getElementById('academy-preload');if(!p)return;var a=JSON.parse(p.textContent);" +
  "(function add(i){a.slice(i,i+4).forEach(function(u){var k=d.createElement('link');" +
  "k.rel='preload';k.as=/\\.css$/.test(u)?'style':'script';k.href=u;d.head.appendChild(k)});" +
  'if(i+4<a.length)setTimeout(function(){add(i+4)},0)})(0)}' +
  'if(!lazy)requestAnimationFrame(function(){setTimeout(hints,0)})})()';

/** CSP `script-src` sources for the inline script above (its hash: no 'unsafe-inline'). */
export const INLINE_SCRIPT_SOURCES = [`'sha256-${crypto.createHash('sha256').update(PRERENDER_SCRIPT).digest('base64')}'`];

// The prerendered view stands in for #root until the app's real page has mounted (it removes
// #prerendered then, shared/src/ui/prerendered.ts); the app renders hidden until then.
export const PRERENDER_CSS =
  '#prerendered~#root{display:none}.prerender-off #prerendered{display:none}.prerender-off #prerendered~#root{display:block}';

/** Text as HTML element content (a title). */
export const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
