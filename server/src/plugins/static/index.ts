import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES, type RemoteName, type RemotesMap } from '@academy/shared/contract';
import { isApiPath } from '../errors';
import { ApiError } from '../../common/errors';
import { sessionToken } from '../cookies';
import type { BootScript } from './boot-script';
import { builtFileReader, jsonFileReader, setFileHeaders } from './files';
import { createOwnReplies } from './own-replies';
import { createPageFor, viewOf } from './page';
import { createRenderView } from './render-view';
import { createServerEntries } from './server-entries';
import { createPreloadHints, type PreloadManifest } from './preload';

export { createBootScript, scriptSafeJson, type BootScript } from './boot-script';
export { routeChunkOf } from './preload';
export { openedByUser } from './own-replies';

/** Serves the built shell at / and each remote at /remotes/<name>/, with the shell's page as fallback. */
export async function registerStatic(
  app: FastifyInstance,
  root: string,
  remotes: RemotesMap | undefined,
  bootScript: BootScript,
): Promise<void> {
  const shellDist = path.join(root, 'shell', 'dist');
  const indexTemplate = builtFileReader(path.join(shellDist, 'index.html'), (text) => text);
  const preloads = {
    shell: jsonFileReader<PreloadManifest>(path.join(shellDist, 'preload.json')),
    ...Object.fromEntries(
      REMOTE_NAMES.map((name) => [
        name,
        jsonFileReader<PreloadManifest>(path.join(root, `remote-${name}`, 'dist', 'preload.json')),
      ]),
    ),
  } as Record<RemoteName | 'shell', () => PreloadManifest | null>;
  const { ownProfile, callerFetch } = createOwnReplies(app);
  const renderView = createRenderView(createServerEntries(root, remotes, app.log), callerFetch);
  const pageFor = createPageFor({ remotes, bootScript, renderView, preloadHints: createPreloadHints(preloads, remotes) });

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    // a path ending in `/` is a page (`/`, `/user/`), never a file: without this a client that accepts no
    // compressed encoding got @fastify/static's 403 for the bare directory instead of the landing page
    allowedPath: (pathname) => !pathname.endsWith('/'),
    setHeaders: setFileHeaders,
    // revalidation by ETag alone (an immutable file is never revalidated): no Last-Modified on every file
    lastModified: false,
    preCompressed: true,
  });
  for (const name of REMOTE_NAMES) {
    await app.register(fastifyStatic, {
      root: path.join(root, `remote-${name}`, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      setHeaders: setFileHeaders,
      lastModified: false,
      preCompressed: true,
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url) && !url.startsWith('/remotes/');
    if (wantsPage && !path.extname(url.split('?')[0]!)) {
      const template = indexTemplate();
      if (template === null) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The academy frontend is not built yet: run `npm run build`, then reload this page.');
      }
      const pathname = url.split('?')[0]!;
      const signedInArea = viewOf(pathname, Boolean(sessionToken(request))).view?.startsWith('area:');
      const profile = signedInArea ? await ownProfile(request) : null;
      const html = await pageFor(request, template, profile);
      // a page with a profile in it is the caller's alone: never kept by a shared cache, nor stored
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', profile ? 'private, no-store' : 'no-cache')
        .header('vary', 'cookie, accept-encoding');
      // the page is made per request (language, session): compress it here, quickly
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) {
        const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
        return reply.header('content-encoding', 'br').send(body);
      }
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
      return reply.send(html);
    }
    throw new ApiError(404, 'server.routeNotFound', { details: `${request.method} ${url.split('?')[0]}` });
  });
}
