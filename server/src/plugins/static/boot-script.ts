import crypto from 'node:crypto';
import path from 'node:path';
import { builtFileReader } from './files';

/**
 * The page's one inline script (shell/src/boot-script.ts, compiled and minified by the shell's build into
 * shell/dist/server/boot-script.js): read again when a build replaces it, and allowed by its hash in the
 * CSP (no 'unsafe-inline'). Without a built shell there is none, and no page to put it in.
 */
export function createBootScript(root: string | null) {
  const file = root === null ? null : path.join(root, 'shell', 'dist', 'server', 'boot-script.js');
  const read = file
    ? builtFileReader(file, (text) => {
        const script = text.trim();
        return { script, source: `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'` };
      })
    : () => null;
  return {
    /** the script's text, or null when the shell is not built */
    script: () => read()?.script ?? null,
    /** its CSP `script-src` source (`'self'` when there is none: nothing inline is allowed then) */
    cspSource: () => read()?.source ?? "'self'",
  };
}

export type BootScript = ReturnType<typeof createBootScript>;

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
