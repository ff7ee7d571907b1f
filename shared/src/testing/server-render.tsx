// A remote's server entry under test (docs/architecture.md, "Server rendering"): the page rendered as
// the server renders it, then the live page started from the state it handed over.
import type { ReactElement } from 'react';
import { apiHydrated, createAcademyStore, sessionApi, type ServerApiState } from '../api';
import type { ServerEntry, ServerRendered, ServerRenderRequest } from '../contract';
import { apiFetch, renderWithProviders } from './index';

// react-dom/server's static render schedules with Node's setImmediate, which jsdom's globals lack
Object.assign(globalThis, { setImmediate: globalThis.setImmediate ?? ((run: () => void) => setTimeout(run, 0)) });

/** The host's fetch as the server gives it: the caller's own calls (with these headers), answered by the test server. */
export function hostFetch(headers: Record<string, string> = {}): typeof fetch {
  return async (input, init) => {
    const url = new URL(new Request(input, init).url);
    return apiFetch(`${url.pathname}${url.search}`, { headers });
  };
}

/**
 * Renders `request.url` with the entry `load` gives (in modules of its own: React, the store and the
 * router, as in the server's process; what it hands over travels as JSON), then the live `app` at the
 * route `path` from that state, with every call failing. `live` waits for what the live page shows from
 * the state alone (the page is then unmounted); without it, its first render and effects run. Returns
 * the server's page and the paths the live page asked for.
 */
export async function serverThenLive({
  load,
  request,
  app,
  path,
  live,
}: {
  load: () => Promise<Pick<ServerEntry, 'render'>>;
  request: ServerRenderRequest;
  app: ReactElement;
  path: string;
  live?: () => Promise<unknown>;
}): Promise<{ rendered: ServerRendered; calls: string[] }> {
  let rendered: ServerRendered | null = null;
  await jest.isolateModulesAsync(async () => {
    const entry = await load();
    rendered = JSON.parse(JSON.stringify(await entry.render(request))) as ServerRendered | null;
  });
  expect(rendered).not.toBeNull();
  const store = createAcademyStore();
  store.dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: undefined, value: request.profile! }]));
  store.dispatch(apiHydrated(rendered!.state as ServerApiState));
  const calls: string[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    throw new Error('no call expected');
  });
  try {
    const view = renderWithProviders(app, { route: request.url, path, store });
    if (live) {
      await live();
      view.unmount();
    }
    return { rendered: rendered as unknown as ServerRendered, calls };
  } finally {
    // the page's first render and its effects ran with the spy in place
    if (!live) await new Promise((resolve) => setTimeout(resolve, 50));
    spy.mockRestore();
  }
}
