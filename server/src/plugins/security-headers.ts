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

/**
 * helmet's headers on every reply. Its middleware is built once per kind of reply: @fastify/helmet built
 * it again on every request (each option parsed, each directive normalised) and asked for the boot
 * script's hash, a file's stat, on API replies too: ~5 % of the server's busy time under load
 * (bench/RESULTS.md, "Paced students"). An API reply is JSON, with no inline script to allow: its CSP has
 * no hash, and it is fixed.
 */
export default fp(
  async function securityHeadersPlugin(app: App, { remoteOrigins, bootScriptSource }: SecurityHeadersOptions) {
    const forApi = helmet(helmetOptions(remoteOrigins, ["'self'", ...remoteOrigins]));
    const forPages = helmet(helmetOptions(remoteOrigins, ["'self'", ...remoteOrigins, () => bootScriptSource()]));
    app.addHook('onRequest', (request, reply, done) => {
      (isApiPath(request.url) ? forApi : forPages)(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
