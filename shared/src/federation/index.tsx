import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import type { RemoteName, RemotesMap } from '../contract';

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

/** Reads /config/remotes.json once (preloaded by index.html) and registers every remote at runtime. */
function ensureRemotes(): Promise<void> {
  remotesReady ??= (async () => {
    const response = await fetch('/config/remotes.json', { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`remotes map: HTTP ${response.status}`);
    const map = (await response.json()) as RemotesMap;
    registerPlugins([loadErrorPlugin]);
    registerRemotes(Object.entries(map).map(([name, { entry }]) => ({ name: federationName(name as RemoteName), entry })));
  })().catch((error: unknown) => {
    remotesReady = null; // a later navigation may try again
    throw error;
  });
  return remotesReady;
}

/**
 * Loads a module a remote exposes (`./App`, or a piece such as the mentor's verdict panel) at run
 * time, never at build time (ARCHITECTURE: remotes do not import each other). Any failure becomes a
 * RemoteUnavailableError.
 */
export async function loadRemoteModule<P extends object = object>(
  remote: RemoteName,
  exposed: string,
): Promise<{ default: ComponentType<P> }> {
  try {
    await ensureRemotes();
    const module = await loadRemote<{ default: ComponentType<P> }>(`${federationName(remote)}/${exposed}`);
    if (!module?.default) throw new Error(`${exposed} has no default component`);
    return module;
  } catch (error) {
    throw new RemoteUnavailableError(remote, error);
  }
}

const pieces = new Map<string, unknown>();

/** One lazy component per exposed module, made once: its code loads on first use. */
export function lazyRemote<P extends object>(remote: RemoteName, exposed: string): LazyExoticComponent<ComponentType<P>> {
  const key = `${remote}/${exposed}`;
  let piece = pieces.get(key) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (!piece) {
    piece = lazy(() => loadRemoteModule<P>(remote, exposed));
    pieces.set(key, piece);
  }
  return piece;
}

class PieceBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('A federated piece failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface RemotePieceProps<P extends object> {
  /** made once, at module level, with lazyRemote */
  component: LazyExoticComponent<ComponentType<P>>;
  props: P;
  /** shown while the piece loads */
  loading: ReactNode;
  /** shown when the remote is down or the piece throws: the page around it keeps working */
  fallback: ReactNode;
}

/** A piece of another remote inside this page, with a loading state and a fallback. */
export function RemotePiece<P extends object>({ component: Piece, props, loading, fallback }: RemotePieceProps<P>) {
  return (
    <PieceBoundary fallback={fallback}>
      <Suspense fallback={loading}>
        <Piece {...props} />
      </Suspense>
    </PieceBoundary>
  );
}
