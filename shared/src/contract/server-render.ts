import type { Language, Profile } from './index';

// Server rendering (docs/architecture.md, "Server rendering"): what the API server and an app's server
// entry (`dist/server/entry.cjs`, built from the app's `src/server-entry.tsx`) say to each other.

/** The cookie in which the page tells the server the browser's time zone (the shell's boot script writes it). */
export const TIME_ZONE_COOKIE = 'academy_tz';

/**
 * The browser's time zone (IANA name): the cookie above and every call's `zoneId` header. `Temporal` names it
 * at once; `Intl` must first build a date formatter, and the first one loads the locale data (~50 ms on this
 * machine, ~200 ms at Lighthouse's 4x CPU, all of it in the page's first task when the boot script asked).
 * `Intl` only where `Temporal` is not there yet; null when neither can tell.
 */
export function browserTimeZone(): string | null {
  try {
    const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
    return temporal?.Now?.timeZoneId?.() || Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** What the host gives an entry for one page request. */
export interface ServerRenderRequest {
  /** the address asked for: path and query */
  url: string;
  language: Language;
  /**
   * the browser's time zone (IANA name, from the `academy_tz` cookie the page's boot script writes), or null when the
   * server does not know it yet: a page that shows times is then not rendered on the server
   */
  timeZone?: string | null;
  /** the caller's own profile, as `GET /api/user/profile` gives it to them; null for a visitor */
  profile: Profile | null;
  /** answers the app's calls in-process with the caller's own session (the same routes and checks) */
  fetch: typeof fetch;
}

/** An entry's page: markup (ids prefixed), the API state it was rendered with, the tab's title. */
export interface ServerRendered {
  html: string;
  /** the API slice's answered queries and their tags, which the browser's store starts from */
  state: unknown;
  title?: string;
}

/** What every app's server entry exports. */
export interface ServerEntry {
  /** the build's version (`<package version>+<ACADEMY_BUILD_LABEL>`) */
  version: string;
  /** the page at `request.url` as this app renders it, or null: not one of its server-rendered pages */
  render(request: ServerRenderRequest): Promise<ServerRendered | null>;
}

/** The shell's entry also puts an area's page into its frame (the header, the footer, or a skeleton). */
export interface ShellServerEntry extends ServerEntry {
  frame(request: ServerRenderRequest, inner: ServerRendered | null): Promise<ServerRendered | null>;
}
