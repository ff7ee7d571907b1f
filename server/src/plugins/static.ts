import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REMOTE_NAMES } from '@academy/shared/contract';
import { ApiError, isApiPath } from './errors';

/**
 * Federation entries and the page must be revalidated; hashed chunks can be cached for a year.
 * remote-deploy: a remote's mf-manifest.json is revalidated like its remoteEntry.js (both keep their
 * names across builds); @fastify/static answers the revalidation with a 304 on the file's ETag.
 */
function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath);
  if (/\.[0-9a-f]{8,}\./.test(name)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'no-cache');
}

/** Serves the built shell at / and each remote at /remotes/<name>/, with the shell's page as fallback. */
export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  const shellDist = path.join(root, 'shell', 'dist');
  const indexFile = path.join(shellDist, 'index.html');

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    setHeaders: setCacheHeaders,
    preCompressed: true,
  });
  for (const name of REMOTE_NAMES) {
    await app.register(fastifyStatic, {
      root: path.join(root, `remote-${name}`, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      setHeaders: setCacheHeaders,
      preCompressed: true,
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url) && !url.startsWith('/remotes/');
    if (wantsPage && !path.extname(url.split('?')[0]!)) {
      let html: string;
      try {
        html = await fs.promises.readFile(indexFile, 'utf8');
      } catch {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The academy frontend is not built yet: run `npm run build`, then reload this page.');
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    throw new ApiError(404, 'server.routeNotFound', { details: `${request.method} ${url.split('?')[0]}` });
  });
}
