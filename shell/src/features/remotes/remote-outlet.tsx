import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName } from '@academy/shared/contract';
import { useT } from '../../i18n';
import { Button, PageSkeleton } from '@academy/shared/ui';
import { ErrorBoundary } from '../errors/error-boundary';
import { loadRemoteApp, RemoteUnavailableError } from './remote-loader';

/** One lazy component per remote, made once: the remote's code loads on first use. */
const REMOTE_APPS: Record<RemoteName, LazyExoticComponent<ComponentType>> = {
  student: lazy(() => loadRemoteApp('student')),
  mentor: lazy(() => loadRemoteApp('mentor')),
  enrollee: lazy(() => loadRemoteApp('enrollee')),
  public: lazy(() => loadRemoteApp('public')),
};

/** Shown inside the shell when a remote is down or throws: the header and the rest keep working. */
export function RemoteFallback() {
  const t = useT();
  return (
    <section className="error-page" aria-labelledby="remote-fallback-title">
      <h1 id="remote-fallback-title">{t('remote.unavailableTitle')}</h1>
      <p>{t('remote.unavailableText')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('reloadPage')}
      </Button>
    </section>
  );
}

/** Mounts a remote's App with a skeleton while it loads and a fallback if it fails. */
export function RemoteOutlet({ remote }: { remote: RemoteName }) {
  const t = useT();
  const App = REMOTE_APPS[remote];
  return (
    <ErrorBoundary fallback={(error) => (error instanceof RemoteUnavailableError ? <RemoteFallback /> : undefined)}>
      <Suspense fallback={<PageSkeleton label={t('loading')} />}>
        <App />
      </Suspense>
    </ErrorBoundary>
  );
}
