import type { FastifyReply, FastifyRequest } from 'fastify';

// The site's cookies (infrastructure every area uses: the session's, the language's, the devices'):
// how they are named, read, set and cleared over HTTP and HTTPS.

export const SESSION_COOKIE = 'academy_session';

/** The `__Host-` form of a cookie's name: the browser keeps it only Secure, host-only and for Path=/. */
const hostOnly = (name: string) => `__Host-${name}`;

/**
 * Whether the cookies of this reply must be Secure: configured so (COOKIE_SECURE=1), or the request
 * came over HTTPS (behind a proxy named in TRUST_PROXY, its X-Forwarded-Proto says so).
 */
export function cookieIsSecure(request: FastifyRequest): boolean {
  return request.server.config.cookieSecure || request.protocol === 'https';
}

/**
 * A cookie's value: over HTTPS only under its `__Host-` name (a plain-named one may have been planted
 * by a sibling subdomain or an http:// reply: session fixation), over plain HTTP under either name.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  if (cookieIsSecure(request)) return request.cookies[hostOnly(name)];
  return request.cookies[hostOnly(name)] ?? request.cookies[name];
}

/** The request's session token (see `readCookie` for which name counts). */
export const sessionToken = (request: FastifyRequest) => readCookie(request, SESSION_COOKIE);

/**
 * Sets an httpOnly SameSite=Lax cookie for the whole site: over HTTPS Secure and named `__Host-…`
 * (no Domain, so no sibling host can set or read it); without `maxAge` it lasts the browser session.
 */
export function setSiteCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds?: number,
): void {
  const secure = cookieIsSecure(request);
  reply.setCookie(secure ? hostOnly(name) : name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  });
  // the other name would shadow or outlive this one
  if (secure && request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/' });
}

/** Clears a cookie under whichever of its names the browser sent. */
export function clearSiteCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/' });
  if (request.cookies[hostOnly(name)] !== undefined) {
    reply.clearCookie(hostOnly(name), { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
  }
}
