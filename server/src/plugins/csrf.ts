import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { forbidden } from '../common/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (the spec's `solve-lecture`): guarded like a POST. */
    changesState?: boolean;
    /**
     * A POST that only reads (a search whose filter the spec puts in a body, e.g. the student's reviews):
     * still guarded like any POST, and a server render may ask it as the page's own first call.
     */
    readsOnly?: boolean;
  }
  interface FastifyInstance {
    /** The addresses of the POST routes flagged `readsOnly` (fixed addresses only). */
    readOnlyPosts: ReadonlySet<string>;
  }
}

/** Methods that change nothing unless their route says otherwise (`config: { changesState: true }`). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Why a state-changing request does not come from the academy's own pages, or null when it does. */
function foreignReason(request: FastifyRequest, publicOrigin: string | null): string | null {
  // our pages send zoneId on every call; a form, a link or an <img> cannot, and a cross-origin fetch
  // with it needs a CORS preflight that the academy never grants
  if (!single(request.headers.zoneid)) return 'no zoneId header';
  const site = single(request.headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin') return `Sec-Fetch-Site: ${site}`;
  const origin = single(request.headers.origin);
  if (origin !== undefined && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) {
    return `Origin: ${origin}`;
  }
  return null;
}

/**
 * Cross-site request forgery: a state-changing request (any method but GET/HEAD/OPTIONS, and the GETs
 * flagged `changesState`) is refused with a 403 unless it comes from the academy's own origin. SameSite
 * cookies alone let another origin of the same site (and a GET from anywhere) act as the signed-in user.
 */
export default fp(
  async function csrfPlugin(app: App) {
    const publicOrigin = originOf(app.config.publicUrl);
    const readOnlyPosts = new Set<string>();
    app.decorate('readOnlyPosts', readOnlyPosts);
    app.addHook('onRoute', (route) => {
      if (route.config?.readsOnly !== true) return;
      if (route.method !== 'POST' || route.url.includes(':'))
        throw new Error(`readsOnly is for a POST at a fixed address: ${route.url}`);
      readOnlyPosts.add(route.url);
    });
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url === undefined) return; // no route: nothing to change, a 404 follows
      if (SAFE_METHODS.has(request.method) && request.routeOptions.config.changesState !== true) return;
      const reason = foreignReason(request, publicOrigin);
      if (reason === null) return;
      request.log.info({ reason }, 'cross-site request refused');
      throw forbidden('server.foreignRequest');
    });
  },
  { name: 'csrf', dependencies: ['errors', 'database'] },
);
