import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstCallsOf, FRAME_CALLS, MAX_INLINE_REPLY, taskCallsOf } from './first-calls';

/**
 * What the server asks the API for a signed-in page, with the caller's own session (issue 14): their
 * profile and the replies to the page's first calls, through the same routes and checks as the page's.
 */
export function createOwnReplies(app: FastifyInstance) {
  /**
   * The signed-in caller's own profile, as `GET /api/user/profile` answers it to them (the same checks:
   * a signed-out, blocked or expired session gets none), so a signed-in page needs no request for it
   * before it can render (issue 14). Null when there is no such profile.
   */
  async function ownProfile(request: FastifyRequest): Promise<unknown> {
    const profile = await ownReply(request, '/api/user/profile');
    return profile || null;
  }

  /**
   * The `data` of a GET of `url` as the caller's own session gets it (the same route and checks as the
   * page's own call), or undefined: refused, failed, or longer than `maxBytes`.
   */
  async function ownReply(
    request: FastifyRequest,
    url: string,
    maxBytes = Infinity,
    { firstVisit = false }: { firstVisit?: boolean } = {},
  ): Promise<unknown> {
    const cookie = request.headers.cookie;
    if (!cookie) return undefined;
    const language = request.headers['accept-language'];
    const response = await app.inject({
      method: 'GET',
      url,
      headers: {
        cookie,
        ...(language ? { 'accept-language': language } : {}),
        // a read that records the first visit (a task's load) passes the CSRF guard as the page's own
        // call does; only for a page the browser says was opened by the student (see firstReplies)
        ...(firstVisit ? { zoneid: 'UTC' } : {}),
      },
    });
    if (response.statusCode !== 200 || response.body.length > maxBytes) return undefined;
    try {
      const body = JSON.parse(response.body) as { success?: boolean; data?: unknown };
      return body.success ? body.data : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The replies to the first calls of a student's page (the course list, a course page), asked with the
   * caller's own session exactly as the page would ask them (the same checks: a reply they may not have
   * is not sent), so the page renders from them without a request after its code arrives (issue 14).
   * Only calls whose replies do not depend on the browser's time zone (which the page request lacks).
   */
  async function firstReplies(request: FastifyRequest, pathname: string): Promise<Record<string, unknown> | null> {
    // with a query (a mentor's view of a student: `?studentId=`) the page asks other addresses
    if (request.url.includes('?')) return null;
    const task = taskCallsOf(pathname);
    // Loading a task records the student's first visit (a change, guarded against other sites): asked here
    // only when the browser says the student opened the page (a navigation to a document from a link of
    // ours, the address bar, a bookmark; not a prefetch), never for a page another site sent them to, an
    // <img> or a fetch of the address, or a client that does not say (then the page asks).
    const header = (name: string) => request.headers[name];
    const site = header('sec-fetch-site');
    const opened =
      request.method === 'GET' &&
      (site === 'same-origin' || site === 'none') &&
      header('sec-fetch-mode') === 'navigate' &&
      header('sec-fetch-dest') === 'document' &&
      !String(header('sec-purpose') ?? '').includes('prefetch');
    if (task && !opened) return null;
    const ask = (calls: string[]) =>
      Promise.all(
        calls.map(async (url) => [url, await ownReply(request, url, MAX_INLINE_REPLY, { firstVisit: Boolean(task) })] as const),
      );
    const pageCalls = task ? [] : firstCallsOf(pathname);
    if (!task && pageCalls.length === 0) return null;
    // a task page's calls follow from its chapter's heading: asked first, then the rest at once
    const taskReplies = async (calls: NonNullable<typeof task>) => {
      const heading = await ownReply(request, calls.heading, MAX_INLINE_REPLY);
      return heading === undefined ? [] : [[calls.heading, heading] as const, ...(await ask(calls.next(heading)))];
    };
    // the frame's replies beside the page's own (the quote: a task page's largest text, painted with it)
    const [page, frame] = await Promise.all([task ? taskReplies(task) : ask(pageCalls), ask(FRAME_CALLS)]);
    const found = page.filter(([, data]) => data !== undefined);
    if (found.length === 0) return null;
    return Object.fromEntries([...found, ...frame.filter(([, data]) => data !== undefined)]);
  }

  return { ownProfile, firstReplies };
}
