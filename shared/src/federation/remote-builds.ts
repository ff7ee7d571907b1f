import {
  getInstance,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { allowEndpointRedefinition } from '@academy/shared/api';
import { REMOTE_NAMES, type RemoteName, type RemotesMap } from '@academy/shared/contract';

/**
 * Which build of each remote the page uses, and how a redeployed remote is picked up while people are
 * signed in (docs/architecture.md, "Remotes that deploy alone"):
 *
 * - The remotes map (`/config/remotes.json`) names each remote's entry or manifest. Once a module of a
 *   remote has loaded, the text that address served is kept as that build's fingerprint (read again
 *   after the load, from the browser's cache: no request, and the text the runtime loaded).
 * - Entering an area asks, at most every REMOTE_CHECK_INTERVAL_MS, whether the map or that text
 *   changed: two conditional requests (the map and the entry are served `no-cache` with an ETag).
 * - A changed build is registered again (`registerRemotes(…, { force: true })`, with `?v=<fingerprint>`
 *   so no cache in between can hand back the old entry) and the generation of the remote moves on:
 *   components mounted from now on load the new `./App`; those already on the page keep the old build's
 *   modules until their area is left, so an area never mixes two builds.
 */

/** At most one check per remote in this time; entering an area within it uses the build already known. */
export const REMOTE_CHECK_INTERVAL_MS = 5_000;

interface RemoteBuild {
  /** the map's address of the remote (entry or manifest), as registered but for our `?v=` */
  source: string;
  /** the text `source` served for the registered build; null until a module of it has loaded */
  fingerprint: string | null;
  /** moves on with each registration of a new build */
  generation: number;
  /** when the last check started, and its promise (shared by everyone entering an area meanwhile) */
  checkedAt: number;
  check: Promise<void>;
}

const builds = new Map<RemoteName, RemoteBuild>();

export const federationName = (remote: RemoteName) => `academy_${remote}`;

/** Reports load failures of remotes; the loaders turn them into a fallback (or one fresh attempt). */
const loadErrorPlugin: ModuleFederationRuntimePlugin = {
  name: 'academy-remote-load-errors',
  errorLoadRemote({ id, error, lifecycle }) {
    console.warn(`Remote module ${id} failed to load (${lifecycle})`, error);
    // Returning nothing lets loadRemote reject; the caller retries once with a fresh map, then falls back.
    return undefined;
  },
};

/** Checks that have finished. */
const answered = new WeakSet<Promise<void>>();

/** The promise of a check, known as answered once it resolves. */
function settled(promise: Promise<void>): Promise<void> {
  const tracked: Promise<void> = promise.then(() => {
    answered.add(tracked);
  });
  return tracked;
}

async function readMap(cache: RequestCache): Promise<RemotesMap> {
  // credentials as index.html's preload of the map, so the first read uses it
  const response = await fetch('/config/remotes.json', { credentials: 'same-origin', cache });
  if (!response.ok) throw new Error(`remotes map: HTTP ${response.status}`);
  return (await response.json()) as RemotesMap;
}

/**
 * The text an entry or manifest address serves: now (`no-cache`, revalidated: a 304 costs no body), or
 * as the browser last received it (`force-cache`: the copy the runtime's load just stored, whatever the
 * server has since).
 */
async function readSource(source: string, cache: RequestCache = 'no-cache'): Promise<string> {
  const response = await fetch(source, { cache, credentials: 'omit' });
  if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
  return response.text();
}

/** FNV-1a of a build's text: a short, stable `?v=` for its address. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

const versioned = (source: string, text: string) => `${source}${source.includes('?') ? '&' : '?'}v=${digest(text)}`;

let remotesReady: Promise<void> | null = null;
/** The first read of the map, as the first areas wait for it (a failed read is retried by the loader). */
let startup: Promise<void> | null = null;

/** The remotes map the server put into the page (`<script type="application/json" id="academy-remotes">`), if any. */
function inlineRemotesMap(): RemotesMap | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('academy-remotes');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as RemotesMap;
  } catch {
    return null;
  }
}

/**
 * Registers every remote at runtime, once: from the map inlined into the page by the server (no request
 * in the chain before the first remote), else from /config/remotes.json. Later checks read the map
 * again (conditional requests, below).
 */
export function ensureRemotes(): Promise<void> {
  remotesReady ??= (async () => {
    const map = inlineRemotesMap() ?? (await readMap('default'));
    registerPlugins([loadErrorPlugin]);
    registerRemotes(REMOTE_NAMES.map((name) => ({ name: federationName(name), entry: map[name].entry })));
    const now = Date.now();
    for (const name of REMOTE_NAMES) {
      builds.set(name, {
        source: map[name].entry,
        fingerprint: null,
        generation: 0,
        checkedAt: now,
        check: settled(Promise.resolve()),
      });
    }
  })().catch((error: unknown) => {
    remotesReady = null; // a later navigation may try again
    throw error;
  });
  return remotesReady;
}

/** The generation of a remote's build the page would load now (0 before the map is known). */
export function remoteGeneration(remote: RemoteName): number {
  return builds.get(remote)?.generation ?? 0;
}

/** Whether a module of the remote's registered build has loaded on this page (its fingerprint is known). */
export function remoteBuildKnown(remote: RemoteName): boolean {
  return (builds.get(remote)?.fingerprint ?? null) !== null;
}

/**
 * A module of the remote's current build has loaded: keep what its address served, in the background.
 * Read from the browser's cache, the text is the one the runtime loaded: a deploy landing between that
 * load and this read would otherwise be taken for the build on the page, and the page would keep the
 * old build (and, once its chunks are gone, find no newer one to load).
 */
export function noteRemoteLoaded(remote: RemoteName): void {
  const build = builds.get(remote);
  if (!build || build.fingerprint !== null) return;
  const { generation, source } = build;
  readSource(source, 'force-cache')
    .then((text) => {
      if (build.generation === generation && build.fingerprint === null) build.fingerprint = text;
    })
    .catch(() => undefined); // no fingerprint: the next check cannot compare and keeps this build
}

/**
 * `registerRemotes(…, { force: true })` makes the federation runtime forget the shared modules the
 * replaced remote registered: every entry of the share scope whose `from` names it. But an entry's
 * `from` becomes whoever loaded it first, so a module the shell provides that the remote loaded first
 * (the birthday pickers, which only registration uses) was forgotten with the old build, and the new
 * build found no copy to take ("Version 0 from 0 of shared singleton module …"). The shell's copies
 * are given back to the shell before the remote is replaced.
 */
function keepShellCopies(remote: RemoteName): void {
  const host = getInstance();
  if (!host) return;
  const name = federationName(remote);
  for (const scope of Object.values(host.shareScopeMap)) {
    for (const [key, versions] of Object.entries(scope)) {
      const own = host.options.shared[key]?.filter((shared) => shared.from === host.options.name) ?? [];
      for (const [version, shared] of Object.entries(versions)) {
        if (shared.from === name && own.some((mine) => mine.version === version)) shared.from = host.options.name;
      }
    }
  }
}

async function runCheck(remote: RemoteName, build: RemoteBuild): Promise<void> {
  try {
    const source = (await readMap('no-cache'))[remote].entry;
    if (source === build.source && build.fingerprint === null) return; // nothing of it loaded yet (or unknown)
    const text = await readSource(source);
    if (source === build.source && text === build.fingerprint) return;
    allowEndpointRedefinition(); // the new build injects its area's endpoints again
    keepShellCopies(remote);
    registerRemotes([{ name: federationName(remote), entry: versioned(source, text) }], { force: true });
    build.source = source;
    build.fingerprint = text;
    build.generation += 1;
  } catch (error) {
    // the check is best effort: the build already registered keeps serving
    console.warn(`Could not check the ${remote} remote for a new build`, error);
  } finally {
    // the interval counts from the answer, so areas mounting after a slow check do not start another
    build.checkedAt = Date.now();
  }
}

/**
 * Asks whether the remote was redeployed (at most every REMOTE_CHECK_INTERVAL_MS unless `force`) and
 * registers its new build if so. Resolves when the answer is known; never rejects.
 */
export function checkRemote(remote: RemoteName, { force = false } = {}): Promise<void> {
  const build = builds.get(remote);
  // before the map is known: one shared wait for it (a failure shows when the module is loaded)
  if (!build) return (startup ??= settled(ensureRemotes().catch(() => undefined)));
  const pending = !answered.has(build.check);
  if (pending || (!force && Date.now() - build.checkedAt < REMOTE_CHECK_INTERVAL_MS)) return build.check;
  build.checkedAt = Date.now();
  build.check = settled(runCheck(remote, build));
  return build.check;
}

/** A chunk of a remote's build could not be fetched: most likely that build was replaced by a new one. */
export function isChunkLoadError(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'ChunkLoadError' || /Loading (css )?chunk .+ failed/i.test(cause.message)) return true;
  }
  return false;
}
