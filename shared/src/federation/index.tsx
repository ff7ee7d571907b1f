import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import {
  Component,
  createElement,
  lazy,
  Suspense,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import type { ExposedModuleId, ExposedModules, RemoteName, RemotesMap } from '../contract';

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

const federationName = (remote: RemoteName) => `academy_${remote}`;

/** Reports load failures of remotes; the loaders below turn them into a fallback. */
const loadErrorPlugin: ModuleFederationRuntimePlugin = {
  name: 'academy-remote-load-errors',
  errorLoadRemote({ id, error, lifecycle }) {
    console.warn(`Remote module ${id} failed to load (${lifecycle})`, error);
    // Returning nothing lets loadRemote reject; the caller's boundary shows the fallback.
    return undefined;
  },
};

let remotesReady: Promise<void> | null = null;

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
 * in the chain before the first remote), else from /config/remotes.json.
 */
function ensureRemotes(): Promise<void> {
  remotesReady ??= (async () => {
    let map = inlineRemotesMap();
    if (!map) {
      const response = await fetch('/config/remotes.json', { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`remotes map: HTTP ${response.status}`);
      map = (await response.json()) as RemotesMap;
    }
    registerPlugins([loadErrorPlugin]);
    registerRemotes(Object.entries(map).map(([name, { entry }]) => ({ name: federationName(name as RemoteName), entry })));
  })().catch((error: unknown) => {
    remotesReady = null; // a later navigation may try again
    throw error;
  });
  return remotesReady;
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
  try {
    await ensureRemotes();
    const exposed = id.slice(remote.length + 1);
    const module = await loadRemote<{ default: RemoteComponent<Id> }>(`${federationName(remote)}/${exposed}`);
    if (!module?.default) throw new Error(`${id} has no default component`);
    return module;
  } catch (error) {
    throw new RemoteUnavailableError(remote, error);
  }
}

/** The lazy component of each module (keyed by id), and the path at which its load failed, if it did. */
const lazies = new Map<ExposedModuleId, { component: unknown; failedAt: string | null }>();
const components = new Map<ExposedModuleId, unknown>();

/**
 * The lazy component of a module: made once and kept while it loads or works; after its load failed
 * it is kept on that path (the boundary shows the fallback) and made anew on the next path, so the
 * next navigation loads the remote again.
 */
function lazyFor<Id extends ExposedModuleId>(id: Id, path: string): LazyExoticComponent<RemoteComponent<Id>> {
  const known = lazies.get(id);
  if (known && (known.failedAt === null || known.failedAt === path)) {
    return known.component as LazyExoticComponent<RemoteComponent<Id>>;
  }
  const entry = { component: null as unknown, failedAt: null as string | null };
  entry.component = lazy(() =>
    loadRemoteModule(id).catch((error: unknown) => {
      entry.failedAt = path;
      throw error;
    }),
  );
  lazies.set(id, entry);
  return entry.component as LazyExoticComponent<RemoteComponent<Id>>;
}

/**
 * One component per exposed module, typed by the contract's `ExposedModules`: its code loads on first
 * render (suspending); when loading fails the error reaches the nearest boundary, and after the next
 * navigation it is loaded again instead of keeping the failure.
 */
export function lazyRemote<Id extends ExposedModuleId>(id: Id): RemoteComponent<Id> {
  let component = components.get(id) as RemoteComponent<Id> | undefined;
  if (!component) {
    const RemoteModule = (props: ExposedModules[Id]) => {
      const { pathname } = useLocation();
      // the same lazy component on every render of a path (not made here, see lazyFor)
      return createElement<ExposedModules[Id]>(lazyFor(id, pathname), props);
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
