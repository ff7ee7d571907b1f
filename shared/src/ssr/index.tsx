// Server rendering (docs/architecture.md, "Server rendering"): what an app's server entry exports, and
// the one way every entry renders an address with its data. An app (the shell, a remote) builds its
// `src/server-entry.tsx` into `dist/server/entry.cjs` beside its browser build
// (tooling/build-server-entry.mjs); the API server loads the entry of the app that owns a path from
// where that app is deployed, and calls it. Only server entries import this module: browser builds never do.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { api, createAcademyStore, sessionApi, type AcademyStore, type ServerApiState } from '../api';
import type { Profile, ServerRenderRequest, ServerRendered } from '../contract';
import { I18nProvider, loadLanguage } from '../i18n';
import { ownIds } from './own-ids';

export type { ServerEntry, ServerRendered, ServerRenderRequest, ShellServerEntry } from '../contract';
export { ownIds };

/**
 * The data one address needs, asked through the app's own endpoints (`initiate`): declared beside its
 * route. False: this page is not rendered on the server after all (the skeleton is sent).
 */
export type PageData = (
  dispatch: AcademyStore['dispatch'],
  profile: Profile | null,
  /** the reader's time zone (its cookie), for a page built around today; null when the browser has not told it yet */
  context: { timeZone: string | null },
) => Promise<boolean | void> | boolean | void;

const RENDER_LIMIT_MS = 1000;

/**
 * The markup of a tree with every part that loads lazily (a page's chunk, a task's body) in it.
 * renderToString shows a suspended part's fallback (`<!--$!-->`): then every lazy part is loaded once,
 * by a render that waits for them all (its markup is not used: it would show such parts through inline
 * scripts), and the tree is rendered again, whole. From the second page on, the parts are there at once.
 */
async function renderWhole(tree: ReactNode): Promise<string> {
  const first = renderToString(tree);
  if (!first.includes('<!--$!-->')) return first;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`the page was not rendered within ${RENDER_LIMIT_MS} ms`));
    }, RENDER_LIMIT_MS);
  });
  const { prelude } = await Promise.race([prerenderToNodeStream(tree, { signal: controller.signal }), late]).finally(() =>
    clearTimeout(timer),
  );
  prelude.resume();
  const whole = renderToString(tree);
  // a part still missing: the skeleton, not a page with a hole
  if (controller.signal.aborted || whole.includes('<!--$!-->')) throw new Error('a part of the page did not load');
  return whole;
}

/** The API state worth handing over: the answered queries and their tags (no subscriptions, no failures). */
function handedOver(store: AcademyStore): ServerApiState | null {
  const state = store.getState()[api.reducerPath] as unknown as {
    queries: Record<string, { status?: string; endpointName?: string } | undefined>;
    provided: ServerApiState['provided'];
  };
  const queries = Object.fromEntries(
    Object.entries(state.queries).filter(([, entry]) => entry?.status === 'fulfilled' && entry.endpointName !== 'getProfile'),
  );
  if (Object.keys(queries).length === 0) return null;
  return { queries, mutations: {}, provided: state.provided };
}

/**
 * Renders `element` at `request.url` for the caller: a store of this request alone, the caller's
 * profile in it, the page's data asked first (`data`, through the app's endpoints and the host's
 * `fetch`). Null when a call failed: the page would show an error the browser may not (the host sends
 * the skeleton then, and the browser asks itself).
 */
export async function renderPage(
  request: ServerRenderRequest,
  element: ReactNode,
  data: PageData | null,
  /** the tab's title, asked once the language's texts are loaded (a language's first page loads them) */
  title?: () => string,
): Promise<ServerRendered | null> {
  await loadLanguage(request.language);
  const store = createAcademyStore({ serverCalls: { serverFetch: request.fetch } });
  try {
    if (request.profile) {
      store.dispatch(
        sessionApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: undefined, value: request.profile }]),
      );
    }
    if (data) {
      if ((await data(store.dispatch, request.profile, { timeZone: request.timeZone ?? null })) === false) return null;
      await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
      const queries = Object.values(store.getState()[api.reducerPath].queries);
      if (queries.some((entry) => entry?.status !== 'fulfilled')) return null;
    }
    const html = await renderWhole(
      <Provider store={store}>
        <I18nProvider initial={request.language} timeZone={request.timeZone ?? undefined}>
          <MemoryRouter initialEntries={[request.url]}>{element}</MemoryRouter>
        </I18nProvider>
      </Provider>,
    );
    return { html: ownIds(html), state: handedOver(store), ...(title ? { title: title() } : {}) };
  } finally {
    // the store is this request's alone: its cache timers (which would keep it for a minute) end with it
    store.dispatch(api.util.resetApiState());
  }
}

/** Where the shell's frame puts an area's page (a text React writes as it is). */
export const PAGE_SLOT = '@@academy-page@@';
