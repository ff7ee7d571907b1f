import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  Component,
  createElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import type { ExposedModuleId, ExposedModules, RemoteName } from '../contract';
import {
  checkRemote,
  ensureRemotes,
  federationName,
  noteRemoteLoaded,
  remoteBuildKnown,
  remoteGeneration,
} from './remote-builds';

export { isChunkLoadError, REMOTE_CHECK_INTERVAL_MS } from './remote-builds';

/** Thrown (and shown as a fallback) when a remote, or a module it exposes, cannot be loaded. */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause?: unknown,
  ) {
    super(`The ${remote} area could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/** The component a remote exposes under the id, with the props the contract's registry gives it. */
export type RemoteComponent<Id extends ExposedModuleId> = ComponentType<ExposedModules[Id]>;

const remoteOf = (id: ExposedModuleId) => id.slice(0, id.indexOf('/')) as RemoteName;

/**
 * Loads a module a remote exposes (`student/App`, or a piece such as `mentor/TaskVerdict`) at run
 * time, never at build time (ARCHITECTURE: remotes do not import each other). Any failure becomes a
 * RemoteUnavailableError; the runtime forgets a failed entry, so a later call tries again.
 */
export async function loadRemoteModule<Id extends ExposedModuleId>(id: Id): Promise<{ default: RemoteComponent<Id> }> {
  const remote = remoteOf(id);
  const load = async () => {
    await ensureRemotes();
    const exposed = id.slice(remote.length + 1);
    const module = await loadRemote<{ default: RemoteComponent<Id> }>(`${federationName(remote)}/${exposed}`);
    if (!module?.default) throw new Error(`${id} has no default component`);
    noteRemoteLoaded(remote);
    return module;
  };
  try {
    return await load();
  } catch (error) {
    // A build replaced meanwhile (its chunks gone): ask the map again, and load once more if a new
    // build was registered. Otherwise the remote is really down. A remote none of whose modules has
    // loaded on this page was just fetched fresh: its failure is not a stale build, so fail at once.
    if (!remoteBuildKnown(remote)) throw new RemoteUnavailableError(remote, error);
    const generation = remoteGeneration(remote);
    await checkRemote(remote, { force: true });
    if (remoteGeneration(remote) !== generation) {
      try {
        return await load();
      } catch (again) {
        throw new RemoteUnavailableError(remote, again);
      }
    }
    throw new RemoteUnavailableError(remote, error);
  }
}

/**
 * A chunk of the remote's build failed to load inside its area (the build was replaced and its old
 * chunks removed): registers the new build if there is one. True when the area should mount afresh.
 */
export async function reloadRemote(remote: RemoteName): Promise<boolean> {
  const generation = remoteGeneration(remote);
  await checkRemote(remote, { force: true });
  return remoteGeneration(remote) !== generation;
}

/** The module of each exposed id and build (`id@generation`) while it loads or once loaded; a failure is forgotten. */
const modules = new Map<string, Promise<unknown>>();

function moduleOf<Id extends ExposedModuleId>(id: Id): Promise<{ default: RemoteComponent<Id> }> {
  const key = `${id}@${remoteGeneration(remoteOf(id))}`;
  let module = modules.get(key) as Promise<{ default: RemoteComponent<Id> }> | undefined;
  if (!module) {
    module = loadRemoteModule(id);
    modules.set(key, module);
    module.catch(() => modules.delete(key));
  }
  return module;
}

interface LazyEntry {
  component: unknown;
  failedAt: string | null;
}

/** The lazy component of each module per check of its remote, and the path at which its load failed, if it did. */
const lazies = new WeakMap<Promise<void>, Map<ExposedModuleId, LazyEntry>>();
const components = new Map<ExposedModuleId, unknown>();

/**
 * The lazy component of a module for the check its mount waited for: made once per check and kept
 * while it loads or works (a mount that suspended finds it again); after its load failed it is kept on
 * that path (the boundary shows the fallback) and made anew on the next path, so the next navigation
 * loads the remote again.
 */
function lazyFor<Id extends ExposedModuleId>(
  id: Id,
  check: Promise<void>,
  path: string,
): LazyExoticComponent<RemoteComponent<Id>> {
  let byId = lazies.get(check);
  if (!byId) lazies.set(check, (byId = new Map()));
  const known = byId.get(id);
  if (known && (known.failedAt === null || known.failedAt === path)) {
    return known.component as LazyExoticComponent<RemoteComponent<Id>>;
  }
  const entry: LazyEntry = { component: null, failedAt: null };
  entry.component = lazy(async () => {
    await check; // the build this mount takes is the one registered once the check has answered
    return moduleOf(id).catch((error: unknown) => {
      entry.failedAt = path;
      throw error;
    });
  });
  byId.set(id, entry);
  return entry.component as LazyExoticComponent<RemoteComponent<Id>>;
}

/**
 * One component per exposed module, typed by the contract's `ExposedModules`: its code loads on first
 * render (suspending); when loading fails the error reaches the nearest boundary, and after the next
 * navigation it is loaded again instead of keeping the failure. Each mount (entering an area, opening
 * a page with a piece) first asks whether the remote was redeployed (remote-builds.ts; at most every
 * REMOTE_CHECK_INTERVAL_MS) and keeps the build it mounted with, so a new build shows on the next entry
 * and never inside a mounted area. A navigation is a transition: the old page stays while it waits.
 */
export function lazyRemote<Id extends ExposedModuleId>(id: Id): RemoteComponent<Id> {
  let component = components.get(id) as RemoteComponent<Id> | undefined;
  if (!component) {
    const remote = remoteOf(id);
    const RemoteModule = (props: ExposedModules[Id]) => {
      const { pathname } = useLocation();
      // asked on mounting; a mount that suspended and renders again gets the same check (and lazy)
      const [check] = useState(() => checkRemote(remote));
      return createElement<ExposedModules[Id]>(lazyFor(id, check, pathname), props);
    };
    RemoteModule.displayName = `Remote(${id})`;
    component = RemoteModule as RemoteComponent<Id>;
    components.set(id, component);
  }
  return component;
}

class PieceBoundary extends Component<
  { fallback: ReactNode; children: ReactNode; resetKey: string },
  { failed: boolean; resetKey: string }
> {
  override state = { failed: false, resetKey: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; resetKey: string }) {
    // a new page: try the piece again
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('A federated piece failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface RemotePieceProps<Id extends ExposedModuleId> {
  /** made once, at module level, with lazyRemote */
  component: RemoteComponent<Id>;
  props: ExposedModules[Id];
  /** shown while the piece loads */
  loading: ReactNode;
  /** shown when the remote is down or the piece throws: the page around it keeps working */
  fallback: ReactNode;
}

/** A piece of another remote inside this page, with a loading state and a fallback that resets on navigation. */
export function RemotePiece<Id extends ExposedModuleId>({ component: Piece, props, loading, fallback }: RemotePieceProps<Id>) {
  const { pathname } = useLocation();
  const Typed = Piece as ComponentType<ExposedModules[Id]>;
  return (
    <PieceBoundary fallback={fallback} resetKey={pathname}>
      <Suspense fallback={loading}>
        <Typed {...props} />
      </Suspense>
    </PieceBoundary>
  );
}
