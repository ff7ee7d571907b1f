import type { FastifyRequest } from 'fastify';
import { AREAS, TIME_ZONE_COOKIE, type Profile, type ServerRenderRequest } from '@academy/shared/contract';
import { openedByUser } from './own-replies';
import type { Language, RenderedView, viewOf } from './page';
import type { ServerEntries } from './server-entries';

type View = NonNullable<ReturnType<typeof viewOf>['view']>;

/** The browser's time zone from its cookie, when it is a zone this server knows; otherwise null. */
export function timeZoneOf(request: FastifyRequest): string | null {
  const zone = request.cookies?.[TIME_ZONE_COOKIE];
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The fetch of a page rendered for nobody in particular: it asks nothing. */
const noCalls: typeof fetch = async () => new Response(null, { status: 403 });

/**
 * The server as a generic host of its apps' server entries (docs/architecture.md, "Server rendering"):
 * the sign-in page is the shell's; the landing page the public remote's, in the shell's public frame; a
 * signed-in area's page that area's remote's (with the caller's data, through `callerFetch`), in the
 * shell's frame, or the frame around a skeleton when the remote renders nothing there. What is the same
 * for every visitor (the sign-in and landing pages, a skeleton) is rendered once per build and language.
 */
export function createRenderView(
  entries: ServerEntries,
  callerFetch: (request: FastifyRequest, opened: boolean, zone: string | null) => typeof fetch,
) {
  const shared = new Map<string, RenderedView | null>();

  /** A view the same for everyone, kept per build of the entries it comes from. */
  async function once(key: string, render: () => Promise<RenderedView | null>): Promise<RenderedView | null> {
    if (shared.has(key)) return shared.get(key)!;
    const view = await render();
    if (shared.size > 100) shared.clear();
    shared.set(key, view);
    return view;
  }

  async function renderView(
    request: FastifyRequest,
    view: View,
    language: Language,
    profile: unknown,
  ): Promise<RenderedView | null> {
    const shell = entries.shell();
    if (!shell) return null;
    const visitor = (url: string): ServerRenderRequest => ({ url, language, profile: null, fetch: noCalls });
    try {
      if (view === 'login') {
        return await once(`login|${language}|${shell.id}`, async () => {
          const page = await shell.entry.render(visitor('/login'));
          return page && { html: page.html, css: shell.css, states: [], title: page.title, content: false };
        });
      }
      if (view === 'landing') {
        const remote = entries.remote('public');
        if (!remote) return null;
        return await once(`landing|${language}|${shell.id}|${remote.id}`, async () => {
          const inner = await remote.entry.render(visitor('/'));
          const page = inner && (await shell.entry.frame(visitor('/'), inner));
          return page && { html: page.html, css: shell.css + remote.css, states: [], title: page.title, content: false };
        });
      }
      const prefix = view.slice('area:'.length);
      const area = AREAS.find((candidate) => candidate.prefix === prefix);
      const remote = area && entries.remote(area.remote);
      if (remote && profile) {
        const timeZone = timeZoneOf(request);
        const caller: ServerRenderRequest = {
          url: request.url,
          language,
          timeZone,
          profile: profile as Profile,
          fetch: callerFetch(request, openedByUser(request), timeZone),
        };
        try {
          const inner = await remote.entry.render(caller);
          const page = inner && (await shell.entry.frame(caller, inner));
          if (page) return { html: page.html, css: shell.css + remote.css, states: [page.state, inner.state], content: true };
        } catch (error) {
          request.log.warn({ err: error, view }, "the area's page could not be rendered on the server: its skeleton is sent");
        }
      }
      // the area's frame around its skeleton, until the area's code is there
      return await once(`area:${prefix}|${language}|${shell.id}`, async () => {
        const page = await shell.entry.frame(visitor(`/${prefix}/`), null);
        return page && { html: page.html, css: shell.css, states: [], content: false };
      });
    } catch (error) {
      request.log.warn({ err: error, view }, 'the page could not be rendered on the server: its skeleton is sent');
      return null;
    }
  }

  return renderView;
}
