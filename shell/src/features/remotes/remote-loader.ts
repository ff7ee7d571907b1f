import type { ComponentType } from 'react';
import type { RemoteName } from '@academy/shared/contract';
import { loadRemoteModule } from '@academy/shared/federation';

export { RemoteUnavailableError } from '@academy/shared/federation';

export interface RemoteAppModule {
  default: ComponentType;
}

/** Loads a remote's exposed `./App`; any failure becomes a RemoteUnavailableError. */
export function loadRemoteApp(remote: RemoteName): Promise<RemoteAppModule> {
  return loadRemoteModule(remote, 'App');
}
