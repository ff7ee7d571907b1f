import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REMOTE_NAMES, USER_AREA_ROLES, type RemoteName, type RemotesMap, type RoleName } from '@academy/shared/contract';
import { ApiError, isApiPath } from '../errors';
import { sessionToken } from '../session';
import { builtFileReader, jsonFileReader, moduleFileReader, setFileHeaders } from './files';
import { withoutSlash } from './first-calls';
import { createOwnReplies } from './own-replies';
import { createPageFor, viewOf, type Language, type Prerendered } from './page';
import { createPreloadHints, type PreloadManifest } from './preload';

export { INLINE_SCRIPT_SOURCES, PRERENDER_SCRIPT, scriptSafeJson } from './boot-script';
export { firstCallsOf, taskCallsOf } from './first-calls';
export { routeChunkOf } from './preload';

/** The student pages' server renderer (tooling/ssr/student-pages.tsx, built into shell/dist/ssr-student.cjs). */
interface StudentRenderer {
  renderStudentPage(
    pathname: string,
    language: Language,
    profile: unknown,
    replies: Record<string, unknown>,
  ): Promise<string | null>;
}

/** Serves the built shell at / and each remote at /remotes/<name>/, with the shell's page as fallback. */
export async function registerStatic(app: FastifyInstance, root: string, remotes?: RemotesMap): Promise<void> {
  const shellDist = path.join(root, 'shell', 'dist');
  const indexTemplate = builtFileReader(path.join(shellDist, 'index.html'), (text) => text);
  const prerendered = jsonFileReader<Prerendered>(path.join(shellDist, 'prerendered.json'));
  const studentRenderer = moduleFileReader<StudentRenderer>(path.join(shellDist, 'ssr-student.cjs'));

  /** The student's page rendered with its data, or null (no renderer, a reply missing, a failure: the skeleton then). */
  async function studentPage(
    request: FastifyRequest,
    pathname: string,
    language: Language,
    profile: unknown,
    replies: Record<string, unknown> | null,
  ): Promise<string | null> {
    if (!profile || !replies) return null;
    // only for a user the student area is for (the app sends anyone else elsewhere at once)
    const role = (profile as { role?: { name?: RoleName } }).role?.name;
    if (!role || !USER_AREA_ROLES.includes(role)) return null;
    const renderer = studentRenderer();
    if (!renderer) return null;
    try {
      return await renderer.renderStudentPage(withoutSlash(pathname), language, profile, replies);
    } catch (error) {
      request.log.warn({ err: error }, 'the student page could not be rendered: its skeleton is sent');
      return null;
    }
  }
  const preloads = {
    shell: jsonFileReader<PreloadManifest>(path.join(shellDist, 'preload.json')),
    ...Object.fromEntries(
      REMOTE_NAMES.map((name) => [
        name,
        jsonFileReader<PreloadManifest>(path.join(root, `remote-${name}`, 'dist', 'preload.json')),
      ]),
    ),
  } as Record<RemoteName | 'shell', () => PreloadManifest | null>;
  const { ownProfile, firstReplies } = createOwnReplies(app);
  const pageFor = createPageFor({ prerendered, remotes, studentPage, preloadHints: createPreloadHints(preloads, remotes) });

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
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
      const signedInArea = viewOf(pathname, Boolean(sessionToken(request)), prerendered()?.areas).view?.startsWith('area:');
      const [profile, replies] = signedInArea
        ? await Promise.all([ownProfile(request), firstReplies(request, pathname)])
        : [null, null];
      const html = await pageFor(request, template, profile, replies);
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
