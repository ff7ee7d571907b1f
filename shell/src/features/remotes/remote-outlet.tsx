import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '@academy/shared/contract';
import { lazyRemote, RemoteUnavailableError } from '@academy/shared/federation';
import { Button, PageSkeleton, usePrerenderedHandoff } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { ErrorBoundary } from '../../components/errors/error-boundary';

/** Each remote's `./App`, typed by the contract's registry; its code loads on first use. */
const REMOTE_APPS = {
  student: lazyRemote('student/App'),
  mentor: lazyRemote('mentor/App'),
  enrollee: lazyRemote('enrollee/App'),
  public: lazyRemote('public/App'),
} satisfies Record<RemoteName, unknown>;

/** Shown inside the shell when a remote is down or throws: the header and the rest keep working. */
export function RemoteFallback() {
  const t = useT();
  // a prerendered landing page stands until here when the public remote is down
  usePrerenderedHandoff();
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

/**
 * Mounts a remote's App with a skeleton while it loads and a fallback if it fails. The boundary
 * resets when the path changes, and a failed load is not kept: the next navigation tries again.
 */
export function RemoteOutlet({ remote, unavailable = <RemoteFallback /> }: { remote: RemoteName; unavailable?: ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
  const App = REMOTE_APPS[remote];
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => (error instanceof RemoteUnavailableError ? unavailable : undefined)}>
      <Suspense fallback={<PageSkeleton label={t('loading')} />}>
        <App />
      </Suspense>
    </ErrorBoundary>
  );
}
