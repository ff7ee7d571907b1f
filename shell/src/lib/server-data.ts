import { apiHydrated, sessionApi, type AcademyDispatch, type ServerApiState } from '@academy/shared/api';
import type { Profile } from '@academy/shared/contract';

/** A JSON data block the server put into the page, read once (a later store, a test's or a sign-in's, never starts from it). */
function takeJson<T>(id: string): T | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return null;
  } finally {
    element.remove();
  }
}

/**
 * What the server rendered the page with (docs/architecture.md, "Server rendering"), put into the new
 * store before the first render: the signed-in user's profile (`#academy-profile`) and the API state of
 * the page's server render (`#academy-state`: the frame's and the area's, RTK Query's rehydration), so the
 * page's first render has its data with no request.
 */
export function takeServerData(dispatch: AcademyDispatch): Profile | null {
  const profile = takeJson<Profile>('academy-profile');
  if (profile) dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: undefined, value: profile }]));
  const states = takeJson<ServerApiState[]>('academy-state');
  if (profile && Array.isArray(states)) {
    for (const state of states)
      if (state && typeof state === 'object' && 'queries' in state) dispatch(apiHydrated(asOfNow(state)));
  }
  return profile;
}

/**
 * The page's data is as fresh as the page: its answers are stamped with the browser's now, not the server's
 * clock, so a screen that refreshes its data when mounted after a while (`refetchOnMountOrArgChange` in
 * seconds) keeps what came with the page, whatever the two clocks say.
 */
function asOfNow(state: ServerApiState): ServerApiState {
  const now = Date.now();
  const queries: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(state.queries ?? {})) {
    queries[key] =
      entry && typeof entry === 'object' && 'fulfilledTimeStamp' in entry ? { ...entry, fulfilledTimeStamp: now } : entry;
  }
  return { ...state, queries };
}
