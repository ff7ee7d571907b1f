import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName, RemotesMap } from '@academy/shared/contract';

export interface RemoteAppModule {
  default: ComponentType;
}

/** Thrown (and shown as a fallback) when a remote cannot be loaded. */
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

/** Reports load failures of remotes; the loader below turns them into a fallback. */
const loadErrorPlugin: ModuleFederationRuntimePlugin = {
  name: 'academy-remote-load-errors',
  errorLoadRemote({ id, error, lifecycle }) {
    console.warn(`Remote module ${id} failed to load (${lifecycle})`, error);
    // Returning nothing lets loadRemote reject; RemoteOutlet's boundary shows the fallback.
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

/** Loads a remote's exposed `./App`; any failure becomes a RemoteUnavailableError. */
export async function loadRemoteApp(remote: RemoteName): Promise<RemoteAppModule> {
  try {
    await ensureRemotes();
    const module = await loadRemote<RemoteAppModule>(`${federationName(remote)}/App`);
    if (!module?.default) throw new Error('the remote exposes no default component');
    return module;
  } catch (error) {
    throw new RemoteUnavailableError(remote, error);
  }
}
