import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import Module, { createRequire } from 'node:module';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  REMOTE_NAMES,
  TASK_KIND_PATHS,
  TASK_KINDS,
  USER_AREA_ROLES,
  type RemoteName,
  type RemotesMap,
  type RoleName,
  type TaskKind,
} from '@academy/shared/contract';
import { ApiError, isApiPath, LANGUAGE_COOKIE } from './errors';
import { sessionToken } from './session';

/**
 * A built file's headers. Caching: federation entries and the page must be revalidated; hashed chunks
 * can be cached for a year. remote-deploy: a remote's mf-manifest.json is revalidated like its
 * remoteEntry.js (both keep their names across builds); @fastify/static answers the revalidation with a
 * 304 on the file's ETag. Security: a file that is not a document loses the headers only a document obeys.
 */
function setFileHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath);
  if (/\.[0-9a-f]{8,}\./.test(name)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'no-cache');
  // the file's own name: a precompressed copy (x.html.br) is sent as the file it was made from
  if (!DOCUMENT_FILE.test(name.replace(/\.(br|gz)$/, ''))) {
    for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header);
  }
}

/** Files a browser may open as a document (an SVG runs scripts when opened by itself): they keep every header. */
const DOCUMENT_FILE = /\.(html?|svg|xml)$/i;

/**
 * Issue 14 (bytes): helmet's headers that only a document (or a worker, which the academy does not
 * start) obeys. A script, style sheet, image or JSON file fetched by the page ignores them, yet each of
 * ~25 files on a page carried them: ~0.8 KB of ~1.1 KB of headers per file, ~20 KB of a course list's
 * JavaScript transferred over HTTP/1.1. Kept on every file: `X-Content-Type-Options: nosniff` and
 * `Cross-Origin-Resource-Policy` (both apply to subresources) and `Referrer-Policy` (a style sheet's
 * own requests follow it). HSTS is kept on the page and every API reply, which a browser sees first.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * The page's one inline script, run in <head> before anything paints (allowed by its hash in the CSP):
 * - when the language remembered in this browser is not the one the server prerendered (no cookie
 *   yet), the prerendered page is hidden and the app renders as before: no page in the wrong language;
 * - a press on a button of the prerendered page, or its form's submission, before the app has taken
 *   over is held (not lost, not a native form submission) and replayed on the live page at the hand-off
 *   (`handOffPrerendered` in shared/src/ui/prerendered.ts reads `__academyPrerenderedActions`);
 * - right after the first paint (on a page that starts its app at the first interaction: when it does,
 *   once the document is parsed) it asks for the chunks the path runs first (`#academy-preload`): the
 *   page paints without sharing the slow network with ~30 scripts, which then arrive before the app
 *   would have discovered them one after another (four links per task: starting a fetch costs the main
 *   thread ~1 ms, ~4 ms on a slow phone, so all of them in one task would block it for ~100 ms);
 * - on a page marked `data-boot="interaction"` (the sign-in and landing pages served to a visitor
 *   without a session: complete HTML that needs no script to be read, typed into or followed), the app
 *   starts at the visitor's first interaction (a key, a pointer, a touch, a focus, an input, a scroll,
 *   or a press or submission that came without any of them: a screen reader's or a voice command's), and
 *   only then are its chunks fetched (preloaded, four links per task). A reader pays no script time and
 *   no script bytes at all (a visitor who only reads the landing page never loads the app); one who
 *   signs in starts it by focusing the first field, and the ~240 KB arrive while they type. A press
 *   meanwhile is held as above. When the prerendered page is hidden (another language remembered
 *   here) the app starts at once.
 */
export const PRERENDER_SCRIPT =
  '(function(){var d=document,h=d.documentElement,q=window.__academyPrerenderedActions=[];' +
  "try{var l=localStorage.getItem('academy.lang');if((l==='ru'||l==='en')&&l!==h.lang){h.lang=l;h.classList.add('prerender-off')}}catch(e){}" +
  "function at(e,s){var v=d.getElementById('prerendered'),t=e.target&&e.target.closest?e.target.closest(s):null;" +
  'return v&&t&&v.contains(t)?Array.prototype.indexOf.call(v.querySelectorAll(s),t):-1}' +
  "var lazy=h.getAttribute('data-boot')==='interaction',booted=!lazy;" +
  "d.addEventListener('click',function(e){var i=at(e,'button');if(i>=0){e.preventDefault();q.push(['button',i]);boot()}},true);" +
  "d.addEventListener('submit',function(e){var i=at(e,'form');if(i>=0){e.preventDefault();q.push(['form',i]);boot()}},true);" +
  "function boot(){if(booted)return;booted=true;var go=function(){var s=d.createElement('script');s.src='/main.js';d.body.appendChild(s);hints()};" +
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',go);else go()}" +
  "if(lazy){if(h.classList.contains('prerender-off'))boot();" +
  "else['pointerdown','keydown','touchstart','focusin','input','change','mousemove','wheel','scroll'].forEach(function(t){addEventListener(t,boot,{capture:true,passive:true,once:true})})}" +
  "function hints(){var p=d.getElementById('academy-preload');if(!p)return;var a=JSON.parse(p.textContent);" +
  "(function add(i){a.slice(i,i+4).forEach(function(u){var k=d.createElement('link');" +
  "k.rel='preload';k.as=/\\.css$/.test(u)?'style':'script';k.href=u;d.head.appendChild(k)});" +
  'if(i+4<a.length)setTimeout(function(){add(i+4)},0)})(0)}' +
  'if(!lazy)requestAnimationFrame(function(){setTimeout(hints,0)})})()';

/** CSP `script-src` sources for the inline script above (its hash: no 'unsafe-inline'). */
export const INLINE_SCRIPT_SOURCES = [`'sha256-${crypto.createHash('sha256').update(PRERENDER_SCRIPT).digest('base64')}'`];

// The prerendered view stands in for #root until the app's real page has mounted (it removes
// #prerendered then, shared/src/ui/prerendered.ts); the app renders hidden until then.
const PRERENDER_CSS =
  '#prerendered~#root{display:none}.prerender-off #prerendered{display:none}.prerender-off #prerendered~#root{display:block}';

type Language = 'ru' | 'en';

/** Text as HTML element content (a title). */
const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What tooling/prerender.mjs writes: the critical CSS and each page in each language. */
interface Prerendered {
  css: string;
  /** what the server-rendered student pages add to `css` */
  studentCss?: string;
  login: Record<Language, string>;
  landing: Record<Language, string>;
  /** the app shell of each signed-in area (URL prefix), and the remote that serves it */
  areas: Record<string, Record<Language, string> & { remote: RemoteName }>;
  /** the tab's title of the sign-in and landing pages (their app may start only at the first interaction) */
  titles?: Record<'login' | 'landing', Record<Language, string>>;
}

/** What tooling/webpack.cjs writes per build (preload.json): the files of each chunk group it names. */
interface PreloadManifest {
  groups: Record<string, string[]>;
  /** the shared modules the build provides, by share key, with the files each needs */
  provided?: Record<string, string[]>;
  /** the shared modules a remote's exposed module consumes, by share key, with the remote's own copy's files */
  fallbacks?: Record<string, Record<string, string[]>>;
  /** a remote's addresses (relative to its area) whose page is a chunk group of its own, by the group's name */
  routes?: Record<string, string>;
}

/**
 * The chunk group a remote names for an address of its area (`courses/:courseId` matches `courses/4`;
 * a `:name` segment matches any one segment), or undefined.
 */
export function routeChunkOf(routes: Record<string, string>, areaPath: string): string | undefined {
  const segments = areaPath.split('/').filter(Boolean);
  for (const [pattern, chunk] of Object.entries(routes)) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i])) return chunk;
  }
  return undefined;
}

/**
 * Reads a file the build wrote, again only when it changed (one stat per call, no read): every page
 * request needs index.html and the build's JSON. Null when it is missing or does not parse.
 */
function builtFileReader<T>(file: string, parse: (text: string) => T): () => T | null {
  let cached: { mtimeMs: number; value: T | null } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let value: T | null = null;
      try {
        value = parse(fs.readFileSync(file, 'utf8'));
      } catch {
        value = null;
      }
      cached = { mtimeMs, value };
    }
    return cached.value;
  };
}

const jsonFileReader = <T>(file: string) => builtFileReader(file, (text) => JSON.parse(text) as T);

/** The student pages' server renderer (tooling/ssr/student-pages.tsx, built into shell/dist/ssr-student.cjs). */
interface StudentRenderer {
  renderStudentPage(
    pathname: string,
    language: Language,
    profile: unknown,
    replies: Record<string, unknown>,
  ): Promise<string | null>;
}

/** A built CommonJS file, evaluated again when it is rebuilt (it needs nothing but Node's own modules). */
const moduleFileReader = <T>(file: string) =>
  builtFileReader(file, (text) => {
    const module = { exports: {} as T };
    // Node's own wrapper of a CommonJS file (exports, require, module, its file name and folder)
    const wrapper = vm.runInThisContext(Module.wrap(text), { filename: file }) as (
      exports: T,
      require: NodeJS.Require,
      module: { exports: T },
      filename: string,
      folder: string,
    ) => void;
    wrapper(module.exports, createRequire(file), module, file, path.dirname(file));
    return module.exports;
  });

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A reply larger than this is left to the page's own call (a page carries its first replies, not a course's all). */
const MAX_INLINE_REPLY = 256 * 1024;

/** A path without its trailing slash (`/user/courses/` is `/user/courses`). */
const withoutSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);

/**
 * The GET calls a student page makes first whose replies the server puts into it (`firstReplies`):
 * the course list's two lists, and a course page's modules, name, picture, description, author, size
 * and enrolment. The addresses are the ones remote-student's courses API asks (api/courses-api.ts).
 */
export function firstCallsOf(pathname: string): string[] {
  const path = withoutSlash(pathname);
  if (path === '/user/courses') return ['/api/student/course/all-views', '/api/student/course/additional'];
  const course = /^\/user\/courses\/(additional\/)?([1-9]\d{0,8})$/.exec(path);
  if (!course) return [];
  const [, additional, id] = course;
  return [
    additional ? `/api/student/course/additional/${id}/views` : `/api/student/course/views/${id}`,
    `/api/user/course/${id}/name`,
    `/api/user/course/${id}/course-pic`,
    `/api/user/course/${id}/course-info`,
    `/api/user/course/${id}/course-author`,
    `/api/user/course/${id}/size`,
    `/api/student/course/${id}/is-enrolling`,
  ];
}

/**
 * The frame's calls whose replies every student page can carry: the quote (in the user's language) and
 * the bell's notifications (an important unread one opens at once, not after a request).
 */
const FRAME_CALLS = ['/api/excerption/', '/api/student/generalNotification'];

const TASK_PAGE = /^\/user\/courses\/(additional\/)?([1-9]\d{0,8})\/([1-9]\d{0,3})\/([1-9]\d{0,3})\/([1-9]\d{0,3})$/;

/**
 * A student's own task page (`/user/courses/[additional/]<course>/<module>/<chapter>/<task>`): the
 * address of its first call (the chapter's heading, as the page asks it) and, from the heading's reply,
 * the calls the page makes next (navigation, whether it is the last task, the task itself; not its
 * comments: their times follow the browser's zone), or null for another path. The addresses are
 * spelled exactly as the page's queries spell them.
 */
export function taskCallsOf(pathname: string): { heading: string; next(heading: unknown): string[] } | null {
  const match = TASK_PAGE.exec(withoutSlash(pathname));
  if (!match) return null;
  const [, additional, courseId, modulePosition, chapterPosition, taskPosition] = match;
  return {
    heading: `/api/student/course${additional ? '/additional' : ''}/${courseId}/taskHeading?modulePosition=${modulePosition}&chapterPosition=${chapterPosition}`,
    next(heading) {
      const reply = heading as { chapterId?: unknown; taskHeadingDtos?: unknown } | null;
      const items = Array.isArray(reply?.taskHeadingDtos) ? reply.taskHeadingDtos : [];
      const item = items[Number(taskPosition) - 1] as { courseTaskId?: unknown; taskType?: unknown } | undefined;
      const chapterId = reply?.chapterId;
      const taskId = item?.courseTaskId;
      const kind = item?.taskType;
      if (!Number.isSafeInteger(chapterId) || !Number.isSafeInteger(taskId)) return [];
      if (typeof kind !== 'string' || !(TASK_KINDS as readonly string[]).includes(kind)) return [];
      return [
        `/api/user/navigation/chapter/${chapterId as number}?`,
        `/api/user/courseTask/${taskId as number}/checkIsLast`,
        `/api/student/task/${taskId as number}/${TASK_KIND_PATHS[kind as TaskKind]}?`,
      ];
    },
  };
}

/** Which prerendered view a path gets, and which remote's code it needs first. */
function viewOf(
  pathname: string,
  signedIn: boolean,
  areas: Prerendered['areas'] | undefined,
): { view: 'login' | 'landing' | `area:${string}` | null; remote: RemoteName | null } {
  if (pathname === '/login' || pathname === '/login/') return { view: 'login', remote: null };
  // a signed-in visitor of / is sent to their page: nothing is worth prerendering or preloading there
  if (pathname === '/') return signedIn ? { view: null, remote: null } : { view: 'landing', remote: 'public' };
  // the signed-in areas (the role → area table of shared/domain, as the prerender wrote it)
  const prefix = pathname.split('/')[1] ?? '';
  const area = areas && Object.hasOwn(areas, prefix) ? areas[prefix] : undefined;
  if (area) return signedIn ? { view: `area:${prefix}`, remote: area.remote } : { view: null, remote: null };
  return { view: null, remote: 'public' };
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

  /**
   * Preload hints for the code the path runs first: the shell's entry at once (html-webpack-plugin puts
   * it at the end of <body>), its boot chunks and the area's remote with the shared modules it consumes
   * after the first paint (a JSON list that the page's inline script turns into `<link rel=preload>`).
   * A page whose app starts at the first interaction gets no entry link: its inline script adds the
   * entry and these hints when it starts the app.
   */
  function preloadHints(
    view: string | null,
    remote: RemoteName | null,
    lazyBoot: boolean,
    language: Language,
    pathname: string,
  ): string[] {
    // a page whose app starts at the first interaction asks for these then (its boot adds the entry)
    const hrefs: string[] = [];
    const shellManifest = preloads.shell();
    const shell = shellManifest?.groups;
    if (shell) hrefs.push(...(shell.bootstrap ?? []).map((file) => `/${file}`));
    if (shell && view === 'login') hrefs.push(...(shell.login ?? []).map((file) => `/${file}`));
    // a language other than Russian: its texts are chunks of their own (`i18n-en-common`, `i18n-en-shell`,
    // one per remote), which the page asks for before it renders
    const texts = `i18n-${language}-`;
    if (shell && language !== 'ru') {
      // (a build that bundles the areas, bench/federation-cost.mjs, has the page's area's too: that one only)
      for (const part of ['common', 'shell', ...(remote ? [remote] : [])])
        hrefs.push(...(shell[`${texts}${part}`] ?? []).map((file) => `/${file}`));
    }
    const entry = remote && remotes?.[remote]?.entry;
    // a build that bundles the area itself (the single-bundle build of bench/federation-cost.mjs) names
    // its group `area-<remote>`: that group, and no remote entry
    const bundled = remote ? shell?.[`area-${remote}`] : undefined;
    if (bundled) hrefs.push(...bundled.map((file) => `/${file}`));
    else if (remote && entry) {
      hrefs.push(entry);
      // the chunks of a remote served here are known; one hosted elsewhere preloads its entry only
      if (entry === `/remotes/${remote}/remoteEntry.js`) {
        const own = preloads[remote]();
        hrefs.push(...(own?.groups['./App'] ?? []).map((file) => `/remotes/${remote}/${file}`));
        // the page of the address, when the remote's build makes it a chunk of its own (a course, a task)
        // (its address within the area: `/user/courses/4` → `courses/4`)
        const areaPrefix = view?.startsWith('area:') ? `/${view.slice('area:'.length)}/` : '/';
        const areaPath = pathname.startsWith(areaPrefix) ? pathname.slice(areaPrefix.length) : '';
        const page = own?.routes && routeChunkOf(own.routes, areaPath);
        if (page) hrefs.push(...(own?.groups[page] ?? []).map((file) => `/remotes/${remote}/${file}`));
        if (language !== 'ru')
          hrefs.push(...(own?.groups[`${texts}${remote}`] ?? []).map((file) => `/remotes/${remote}/${file}`));
        // the shared modules it consumes: the shell's copy where the shell provides one (the page loads
        // that one), else the remote's own; nothing when the shell's build does not say what it provides
        const provided = shellManifest?.provided;
        if (provided) {
          for (const [key, copy] of Object.entries(own?.fallbacks?.['./App'] ?? {})) {
            if (Object.hasOwn(provided, key)) hrefs.push(...(provided[key] ?? []).map((file) => `/${file}`));
            else hrefs.push(...copy.map((file) => `/remotes/${remote}/${file}`));
          }
        }
      }
    }
    return [
      ...(lazyBoot ? [] : ['<link rel="preload" as="script" href="/main.js" />']),
      `<script type="application/json" id="academy-preload">${scriptSafeJson([...new Set(hrefs)])}</script>`,
    ];
  }

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

  /** index.html for a request: language, critical CSS, remotes map, preload hints, prerendered view, profile. */
  async function pageFor(
    request: FastifyRequest,
    template: string,
    profile: unknown,
    replies: Record<string, unknown> | null = null,
  ): Promise<string> {
    const pathname = request.url.split('?')[0]!;
    const cookie = request.cookies?.[LANGUAGE_COOKIE];
    const language: Language = cookie === 'en' ? 'en' : 'ru';
    const pages = prerendered();
    const signedIn = Boolean(sessionToken(request));
    const { view, remote } = viewOf(pathname, signedIn, pages?.areas);
    // the course list and a course page with the student's own data; the skeleton when that fails
    const content = view === 'area:user' ? await studentPage(request, pathname, language, profile, replies) : null;
    const markup =
      content ??
      (pages &&
        (view === 'login'
          ? pages.login[language]
          : view === 'landing'
            ? pages.landing[language]
            : view?.startsWith('area:')
              ? pages.areas[view.slice(5)]?.[language]
              : undefined));
    // the public pages' app starts at the first interaction (see PRERENDER_SCRIPT); at once for a
    // visitor with a session cookie (a signed-in one is sent on to their own page by it) and for an
    // address with a query (`/login?param=logout`: the app shows a notice the prerendered page has not)
    const lazyBoot = Boolean(markup) && (view === 'login' || view === 'landing') && !signedIn && !request.url.includes('?');
    const head = [
      ...(pages ? [`<style>${pages.css}${content ? (pages.studentCss ?? '') : ''}${PRERENDER_CSS}</style>`] : []),
      `<script>${PRERENDER_SCRIPT}</script>`,
      // the remotes map, so the shell needs no request to find them (not executed: a data block)
      ...(remotes ? [`<script type="application/json" id="academy-remotes">${scriptSafeJson(remotes)}</script>`] : []),
      ...preloadHints(view, remote, lazyBoot, language, pathname),
      // the caller's own profile (read by the shell into its store): only in a page sent to them alone
      ...(profile ? [`<script type="application/json" id="academy-profile">${scriptSafeJson(profile)}</script>`] : []),
      // the replies to the page's first calls (read by shared/src/api/inline-replies.ts): with a profile only
      ...(profile && replies ? [`<script type="application/json" id="academy-replies">${scriptSafeJson(replies)}</script>`] : []),
    ].join('');
    // (html-webpack-plugin minifies the template: attribute quotes may be gone)
    let html = template.replace(
      /<html lang="?[a-z-]+"?/,
      `<html lang="${language}"${lazyBoot ? ' data-boot="interaction"' : ''}`,
    );
    if (lazyBoot) html = html.replace(/<script[^>]*\bsrc="?\/main\.js"?[^>]*><\/script>/, '');
    // the page's own title in the tab at once (issue 29), not the academy's bare name until the app starts
    const title = (view === 'login' || view === 'landing') && pages?.titles?.[view][language];
    if (title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${htmlText(title)}</title>`);
    if (remotes) html = html.replace(/\s*<link rel="?preload"? href="?\/config\/remotes\.json"?[^>]*>/, '');
    html = html.replace('</head>', `${head}</head>`);
    // a view with content stays until the app's page has its data (not when the frame mounts)
    const attributes = content ? ' data-content=""' : '';
    if (markup) {
      html = html.replace(/<div id="?root"?><\/div>/, `<div id="prerendered"${attributes}>${markup}</div><div id="root"></div>`);
    }
    return html;
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
