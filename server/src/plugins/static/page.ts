import type { FastifyRequest } from 'fastify';
import { AREAS, type RemoteName, type RemotesMap } from '@academy/shared/contract';
import { LANGUAGE_COOKIE } from '../errors';
import { sessionToken } from '../cookies';
import { htmlText, PRERENDER_CSS, scriptSafeJson, type BootScript } from './boot-script';

export type Language = 'ru' | 'en';

/** Which view a path gets, and which remote's code it needs first. */
export function viewOf(
  pathname: string,
  signedIn: boolean,
): { view: 'login' | 'landing' | `area:${string}` | null; remote: RemoteName | null } {
  if (pathname === '/login' || pathname === '/login/') return { view: 'login', remote: null };
  // a signed-in visitor of / is sent to their page: nothing is worth rendering or preloading there
  if (pathname === '/') return signedIn ? { view: null, remote: null } : { view: 'landing', remote: 'public' };
  // the signed-in areas (the role → area table)
  const prefix = pathname.split('/')[1] ?? '';
  const area = AREAS.find((candidate) => candidate.prefix === prefix);
  if (area) return signedIn ? { view: `area:${prefix}`, remote: area.remote } : { view: null, remote: null };
  return { view: null, remote: 'public' };
}

/** A view rendered for a request: its markup, the CSS it needs, the API states to start from, its title. */
export interface RenderedView {
  html: string;
  css: string;
  states: unknown[];
  title?: string;
  /** a page with its data (it stays until the app's page has the same), not a skeleton */
  content: boolean;
}

/** The page a request gets (index.html filled in), around the view its server entries rendered. */
export function createPageFor(deps: {
  remotes: RemotesMap | undefined;
  bootScript: BootScript;
  renderView(
    request: FastifyRequest,
    view: NonNullable<ReturnType<typeof viewOf>['view']>,
    language: Language,
    profile: unknown,
  ): Promise<RenderedView | null>;
  preloadHints(view: string | null, remote: RemoteName | null, lazyBoot: boolean, language: Language, pathname: string): string[];
}) {
  const { remotes, bootScript, renderView, preloadHints } = deps;
  /** index.html for a request: language, critical CSS, remotes map, preload hints, rendered view, profile, API state. */
  async function pageFor(request: FastifyRequest, template: string, profile: unknown): Promise<string> {
    const pathname = request.url.split('?')[0]!;
    const cookie = request.cookies?.[LANGUAGE_COOKIE];
    const language: Language = cookie === 'en' ? 'en' : 'ru';
    const signedIn = Boolean(sessionToken(request));
    const { view, remote } = viewOf(pathname, signedIn);
    const rendered = view ? await renderView(request, view, language, profile) : null;
    // the public pages' app starts at the first interaction (see the boot script); at once for a
    // visitor with a session cookie (a signed-in one is sent on to their own page by it) and for an
    // address with a query (`/login?param=logout`: the app shows a notice the rendered page has not)
    const lazyBoot = Boolean(rendered) && (view === 'login' || view === 'landing') && !signedIn && !request.url.includes('?');
    const script = bootScript.script();
    const states = rendered?.states.filter((state) => state !== null) ?? [];
    const head = [
      ...(rendered ? [`<style>${rendered.css}${PRERENDER_CSS}</style>`] : []),
      ...(script ? [`<script>${script}</script>`] : []),
      // the remotes map, so the shell needs no request to find them (not executed: a data block)
      ...(remotes ? [`<script type="application/json" id="academy-remotes">${scriptSafeJson(remotes)}</script>`] : []),
      ...preloadHints(view, remote, lazyBoot, language, pathname),
      // the caller's own profile (read by the shell into its store): only in a page sent to them alone
      ...(profile ? [`<script type="application/json" id="academy-profile">${scriptSafeJson(profile)}</script>`] : []),
      // the API state the page was rendered with (the shell's store starts from it): with a profile only
      ...(profile && states.length > 0
        ? [`<script type="application/json" id="academy-state">${scriptSafeJson(states)}</script>`]
        : []),
    ].join('');
    // (html-webpack-plugin minifies the template: attribute quotes may be gone)
    let html = template.replace(
      /<html lang="?[a-z-]+"?/,
      `<html lang="${language}"${lazyBoot ? ' data-boot="interaction"' : ''}`,
    );
    if (lazyBoot) html = html.replace(/<script[^>]*\bsrc="?\/main\.js"?[^>]*><\/script>/, '');
    // the page's own title in the tab at once (issue 29), not the academy's bare name until the app starts
    if (rendered?.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${htmlText(rendered.title)}</title>`);
    if (remotes) html = html.replace(/\s*<link rel="?preload"? href="?\/config\/remotes\.json"?[^>]*>/, '');
    html = html.replace('</head>', `${head}</head>`);
    // a view with content stays until the app's page has its data (not when the frame mounts)
    const attributes = rendered?.content ? ' data-content=""' : '';
    if (rendered) {
      html = html.replace(
        /<div id="?root"?><\/div>/,
        () => `<div id="prerendered"${attributes}>${rendered.html}</div><div id="root"></div>`,
      );
    }
    return html;
  }

  return pageFor;
}
