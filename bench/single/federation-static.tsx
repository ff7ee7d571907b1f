/**
 * The single-bundle build's stand-in for `@academy/shared/federation` (bench/federation-cost.mjs,
 * tooling/webpack.single.cjs): the same exports, but each exposed module is a plain dynamic import of
 * the remote's source, bundled into the shell's build. No federation runtime, no remotes map, no
 * remote entries; the product code is unchanged, only this module is swapped in.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { ExposedModuleId, ExposedModules, RemoteName } from '@academy/shared/contract';

type Loaded<Id extends ExposedModuleId> = Promise<{ default: ComponentType<ExposedModules[Id]> }>;

/** What each remote's webpack `exposes`, imported directly (code-split like the federated build). */
// (the areas' groups are named `area-<remote>`: the server preloads such a group instead of the remote's
// entry and chunks, as it preloads a remote's `./App` for the federated build)
const EXPOSED: { [Id in ExposedModuleId]: () => Loaded<Id> } = {
  'student/App': () => import(/* webpackChunkName: "area-student" */ '../../remote-student/src/app'),
  'mentor/App': () => import(/* webpackChunkName: "area-mentor" */ '../../remote-mentor/src/app'),
  'mentor/TaskVerdict': () => import('../../remote-mentor/src/features/task-verdict/task-verdict'),
  'mentor/StaffCourseActions': () => import('../../remote-mentor/src/features/staff-course-actions/staff-course-actions'),
  'mentor/StaffModuleActions': () => import('../../remote-mentor/src/features/staff-course-actions/staff-module-actions'),
  'enrollee/App': () => import(/* webpackChunkName: "area-enrollee" */ '../../remote-enrollee/src/app'),
  'public/App': () => import(/* webpackChunkName: "area-public" */ '../../remote-public/src/app'),
  'public/LegalPage': () => import('../../remote-public/src/features/legal/legal-page'),
};

export const REMOTE_CHECK_INTERVAL_MS = 0;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause?: unknown,
  ) {
    super(`The ${remote} area could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

export type RemoteComponent<Id extends ExposedModuleId> = ComponentType<ExposedModules[Id]>;

export const isChunkLoadError = (error: unknown) => error instanceof Error && error.name === 'ChunkLoadError';
export const reloadRemote = async (_remote: RemoteName) => false;

export function loadRemoteModule<Id extends ExposedModuleId>(id: Id): Loaded<Id> {
  return EXPOSED[id]();
}

const components = new Map<ExposedModuleId, unknown>();

export function lazyRemote<Id extends ExposedModuleId>(id: Id): RemoteComponent<Id> {
  let component = components.get(id) as RemoteComponent<Id> | undefined;
  if (!component) {
    component = lazy(() => loadRemoteModule(id)) as unknown as RemoteComponent<Id>;
    components.set(id, component);
  }
  return component;
}

class PieceBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RemotePiece<Id extends ExposedModuleId>(props: {
  component: RemoteComponent<Id>;
  props: ExposedModules[Id];
  loading: ReactNode;
  fallback: ReactNode;
}) {
  const { pathname } = useLocation();
  const Typed = props.component as ComponentType<ExposedModules[Id]>;
  return (
    <PieceBoundary key={pathname} fallback={props.fallback}>
      <Suspense fallback={props.loading}>
        <Typed {...props.props} />
      </Suspense>
    </PieceBoundary>
  );
}
