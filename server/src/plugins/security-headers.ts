import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { VIDEO_FRAME_ORIGINS } from '@academy/shared/contract';
import type { App } from '../common/types';
import { isApiPath } from './errors';

export interface SecurityHeadersOptions {
  /** the origins remotes are served from, when not this one */
  remoteOrigins: string[];
  /** the CSP source allowing the page's one inline script (its hash, as built) */
  bootScriptSource: () => string;
}

/** script-src: fixed sources, and for a page the boot script's hash (asked for on each page) */
type ScriptSources = Array<string | (() => string)>;

function helmetOptions(remoteOrigins: string[], scriptSrc: ScriptSources): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': scriptSrc,
        'connect-src': ["'self'", ...remoteOrigins],
        // the builds' style sheets (a remote served from another origin brings its own), and the
        // prerendered pages' critical CSS inlined in <style> (and React's style attributes)
        'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
        // remote-deploy: a remote served from another origin brings its own images (asset modules) too
        // blob: the preview of a picture chosen for upload (the avatar), made in the page
        'img-src': ["'self'", 'data:', 'blob:', ...remoteOrigins],
        // lecture videos: the players of known hosts, or video files from anywhere over https
        'frame-src': [...VIDEO_FRAME_ORIGINS],
        'media-src': ["'self'", 'https:'],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  };
}

type Middleware = ReturnType<typeof helmet>;

/**
 * The headers a helmet middleware sets, read once: for a middleware none of whose values depends on
 * the request (no directive is a function), they are the same on every reply.
 */
function fixedHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * helmet's headers on every reply. Its middleware is built once per kind of reply: @fastify/helmet built
 * it again on every request (each option parsed, each directive normalised) and asked for the boot
 * script's hash, a file's stat, on API replies too: ~5 % of the server's busy time under load
 * (bench/RESULTS.md, "Paced students"). An API reply is JSON, with no inline script to allow: its CSP has
 * no hash, so its headers are fixed and set as read once (running helmet's dozen middlewares on each
 * request was another ~3 % of a herd's busy time, bench/RESULTS.md 2026-12-03). A page's CSP names the
 * boot script's hash as built: helmet runs for each page.
 */
export default fp(
  async function securityHeadersPlugin(app: App, { remoteOrigins, bootScriptSource }: SecurityHeadersOptions) {
    const forApi = fixedHeaders(helmet(helmetOptions(remoteOrigins, ["'self'", ...remoteOrigins])));
    const forPages = helmet(helmetOptions(remoteOrigins, ["'self'", ...remoteOrigins, () => bootScriptSource()]));
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiPath(request.url)) {
        reply.headers(forApi);
        done();
      } else forPages(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
