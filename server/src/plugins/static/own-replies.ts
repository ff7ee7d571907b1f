import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A reply larger than this is left to the page's own call (a page carries its first replies, not a course's all). */
export const MAX_INLINE_REPLY = 256 * 1024;
/** A read's filter (a POST that only reads) is a few fields: a larger body is not the page's own. */
const MAX_READ_BODY = 4 * 1024;

/**
 * What a server-rendered page asks the API with the caller's own session (docs/architecture.md, "Server
 * rendering"): their profile, and a `fetch` for the entries' calls, answered in-process through the
 * same routes and checks as the browser's calls.
 */
export function createOwnReplies(app: FastifyInstance) {
  /** The headers of the caller's own call: their session and language; zoneId only for a page they opened. */
  function callerHeaders(request: FastifyRequest, opened: boolean): Record<string, string> | null {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    const language = request.headers['accept-language'];
    return {
      cookie,
      ...(language ? { 'accept-language': language } : {}),
      // a read that records the first visit (a task's load) passes the CSRF guard as the page's own
      // call does: only for a page the browser says the student opened (openedByUser)
      ...(opened ? { zoneid: 'UTC' } : {}),
    };
  }

  /**
   * The caller's own profile, as `GET /api/user/profile` answers it to them (the same checks: a
   * signed-out, blocked or expired session gets none). Null when there is no such profile.
   */
  async function ownProfile(request: FastifyRequest): Promise<unknown> {
    const headers = callerHeaders(request, false);
    if (!headers) return null;
    const response = await app.inject({ method: 'GET', url: '/api/user/profile', headers });
    if (response.statusCode !== 200) return null;
    try {
      const body = JSON.parse(response.body) as { success?: boolean; data?: unknown };
      return (body.success && body.data) || null;
    } catch {
      return null;
    }
  }

  /**
   * A `fetch` that asks this server's API as the caller: GETs, and the POSTs that only read (routes
   * flagged `readsOnly`, csrf.ts) with the reader's zone (a page's render changes nothing but what the
   * page's own first calls would). A reply over MAX_INLINE_REPLY is refused (413): the page is then
   * sent as a skeleton and the browser asks itself.
   */
  function callerFetch(request: FastifyRequest, opened: boolean, zone: string | null): typeof fetch {
    const headers = callerHeaders(request, opened) ?? {};
    return async (input, init) => {
      const call = new Request(input, init);
      const url = new URL(call.url);
      const read = call.method === 'POST' && zone !== null && app.readOnlyPosts.has(url.pathname);
      if (call.method !== 'GET' && !read) return new Response(null, { status: 405 });
      const body = read ? await call.text() : undefined;
      if (body !== undefined && body.length > MAX_READ_BODY) return new Response(null, { status: 413 });
      const response = await app.inject({
        method: read ? 'POST' : 'GET',
        url: `${url.pathname}${url.search}`,
        headers: read
          ? { ...headers, zoneid: zone, 'content-type': call.headers.get('content-type') ?? 'application/json' }
          : headers,
        ...(body !== undefined ? { payload: body } : {}),
      });
      if (response.rawPayload.length > MAX_INLINE_REPLY) return new Response(null, { status: 413 });
      const type = response.headers['content-type'];
      return new Response(response.statusCode === 204 ? null : response.rawPayload, {
        status: response.statusCode,
        headers: typeof type === 'string' ? { 'content-type': type } : {},
      });
    };
  }

  return { ownProfile, callerFetch };
}

/**
 * Whether the browser says the caller opened this page: a navigation to a document from a link of
 * ours, the address bar or a bookmark; not a prefetch, never a page another site sent them to, an
 * <img> or a fetch of the address, or a client that does not say (then the page asks itself).
 */
export function openedByUser(request: FastifyRequest): boolean {
  const header = (name: string) => request.headers[name];
  const site = header('sec-fetch-site');
  return (
    request.method === 'GET' &&
    (site === 'same-origin' || site === 'none') &&
    header('sec-fetch-mode') === 'navigate' &&
    header('sec-fetch-dest') === 'document' &&
    !String(header('sec-purpose') ?? '').includes('prefetch')
  );
}
