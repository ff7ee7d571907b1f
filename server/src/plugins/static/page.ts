import type { FastifyRequest } from 'fastify';
import type { RemoteName, RemotesMap } from '@academy/shared/contract';
import { LANGUAGE_COOKIE } from '../errors';
import { sessionToken } from '../session';
import { htmlText, PRERENDER_CSS, PRERENDER_SCRIPT, scriptSafeJson } from './boot-script';

export type Language = 'ru' | 'en';

/** What tooling/prerender.mjs writes: the critical CSS and each page in each language. */
export interface Prerendered {
  css: string;
  /** what the server-rendered student pages add to `css` */
  studentCss?: string;
  login: Record<Language, string>;
  landing: Record<Language, string>;
  /** the app shell of each signed-in area (URL prefix), and the remote that serves it */
  areas: Record<string, Record<Language, string> & { remote: RemoteName }>;
  /** the tab's title of the sign-in and landing pages (their app may start only at the first interaction) */
  titles?: Record<'login' | 'landing', Record<Language, string>>;
}

/** Which prerendered view a path gets, and which remote's code it needs first. */
export function viewOf(
  pathname: string,
  signedIn: boolean,
  areas: Prerendered['areas'] | undefined,
): { view: 'login' | 'landing' | `area:${string}` | null; remote: RemoteName | null } {
  if (pathname === '/login' || pathname === '/login/') return { view: 'login', remote: null };
  // a signed-in visitor of / is sent to their page: nothing is worth prerendering or preloading there
  if (pathname === '/') return signedIn ? { view: null, remote: null } : { view: 'landing', remote: 'public' };
  // the signed-in areas (the role → area table of shared/domain, as the prerender wrote it)
  const prefix = pathname.split('/')[1] ?? '';
  const area = areas && Object.hasOwn(areas, prefix) ? areas[prefix] : undefined;
  if (area) return signedIn ? { view: `area:${prefix}`, remote: area.remote } : { view: null, remote: null };
  return { view: null, remote: 'public' };
}

/** The page a request gets (index.html filled in), from the build's prerendered views and the renderer. */
export function createPageFor(deps: {
  prerendered: () => Prerendered | null;
  remotes: RemotesMap | undefined;
  studentPage(
    request: FastifyRequest,
    pathname: string,
    language: Language,
    profile: unknown,
    replies: Record<string, unknown> | null,
  ): Promise<string | null>;
  preloadHints(view: string | null, remote: RemoteName | null, lazyBoot: boolean, language: Language, pathname: string): string[];
}) {
  const { prerendered, remotes, studentPage, preloadHints } = deps;
  /** index.html for a request: language, critical CSS, remotes map, preload hints, prerendered view, profile. */
  async function pageFor(
    request: FastifyRequest,
    template: string,
    profile: unknown,
    replies: Record<string, unknown> | null = null,
  ): Promise<string> {
    const pathname = request.url.split('?')[0]!;
    const cookie = request.cookies?.[LANGUAGE_COOKIE];
    const language: Language = cookie === 'en' ? 'en' : 'ru';
    const pages = prerendered();
    const signedIn = Boolean(sessionToken(request));
    const { view, remote } = viewOf(pathname, signedIn, pages?.areas);
    // the course list and a course page with the student's own data; the skeleton when that fails
    const content = view === 'area:user' ? await studentPage(request, pathname, language, profile, replies) : null;
    const markup =
      content ??
      (pages &&
        (view === 'login'
          ? pages.login[language]
          : view === 'landing'
            ? pages.landing[language]
            : view?.startsWith('area:')
              ? pages.areas[view.slice(5)]?.[language]
              : undefined));
    // the public pages' app starts at the first interaction (see PRERENDER_SCRIPT); at once for a
    // visitor with a session cookie (a signed-in one is sent on to their own page by it) and for an
    // address with a query (`/login?param=logout`: the app shows a notice the prerendered page has not)
    const lazyBoot = Boolean(markup) && (view === 'login' || view === 'landing') && !signedIn && !request.url.includes('?');
    const head = [
      ...(pages ? [`<style>${pages.css}${content ? (pages.studentCss ?? '') : ''}${PRERENDER_CSS}</style>`] : []),
      `<script>${PRERENDER_SCRIPT}</script>`,
      // the remotes map, so the shell needs no request to find them (not executed: a data block)
      ...(remotes ? [`<script type="application/json" id="academy-remotes">${scriptSafeJson(remotes)}</script>`] : []),
      ...preloadHints(view, remote, lazyBoot, language, pathname),
      // the caller's own profile (read by the shell into its store): only in a page sent to them alone
      ...(profile ? [`<script type="application/json" id="academy-profile">${scriptSafeJson(profile)}</script>`] : []),
      // the replies to the page's first calls (read by shared/src/api/inline-replies.ts): with a profile only
      ...(profile && replies ? [`<script type="application/json" id="academy-replies">${scriptSafeJson(replies)}</script>`] : []),
    ].join('');
    // (html-webpack-plugin minifies the template: attribute quotes may be gone)
    let html = template.replace(
      /<html lang="?[a-z-]+"?/,
      `<html lang="${language}"${lazyBoot ? ' data-boot="interaction"' : ''}`,
    );
    if (lazyBoot) html = html.replace(/<script[^>]*\bsrc="?\/main\.js"?[^>]*><\/script>/, '');
    // the page's own title in the tab at once (issue 29), not the academy's bare name until the app starts
    const title = (view === 'login' || view === 'landing') && pages?.titles?.[view][language];
    if (title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${htmlText(title)}</title>`);
    if (remotes) html = html.replace(/\s*<link rel="?preload"? href="?\/config\/remotes\.json"?[^>]*>/, '');
    html = html.replace('</head>', `${head}</head>`);
    // a view with content stays until the app's page has its data (not when the frame mounts)
    const attributes = content ? ' data-content=""' : '';
    if (markup) {
      html = html.replace(/<div id="?root"?><\/div>/, `<div id="prerendered"${attributes}>${markup}</div><div id="root"></div>`);
    }
    return html;
  }

  return pageFor;
}
