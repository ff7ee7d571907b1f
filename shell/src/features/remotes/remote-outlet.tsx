import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '@academy/shared/contract';
import { isChunkLoadError, lazyRemote, reloadRemote, RemoteUnavailableError } from '@academy/shared/federation';
import { Button, PageSkeleton, useDocumentTitle, usePrerenderedHandoff } from '@academy/shared/ui';
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
  useDocumentTitle(t('remote.unavailableTitle'));
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
 * A chunk of the area's build is gone (the remote was redeployed under the page): the skeleton while a
 * new build is registered, then the area mounts afresh with it; without a new build, the fallback.
 */
function ReloadingRemote({
  remote,
  onReloaded,
  unavailable,
}: {
  remote: RemoteName;
  onReloaded: () => void;
  unavailable: ReactNode;
}) {
  const t = useT();
  const [down, setDown] = useState(false);
  useEffect(() => {
    let current = true;
    void reloadRemote(remote).then((reloaded) => {
      if (!current) return;
      if (reloaded) onReloaded();
      else setDown(true);
    });
    return () => {
      current = false;
    };
  }, [remote, onReloaded]);
  return down ? unavailable : <PageSkeleton label={t('loading')} />;
}

/**
 * Mounts a remote's App with a skeleton while it loads and a fallback if it fails. The boundary
 * resets when the path changes, and a failed load is not kept: the next navigation tries again.
 * A chunk that disappeared with a redeployed build makes the area load its new build, once per mount.
 */
export function RemoteOutlet({ remote, unavailable = <RemoteFallback /> }: { remote: RemoteName; unavailable?: ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
  const [reloads, setReloads] = useState(0);
  const [onReloaded] = useState(() => () => setReloads(1));
  const App = REMOTE_APPS[remote];
  const fallback = (error: Error) => {
    if (error instanceof RemoteUnavailableError) return unavailable;
    if (!isChunkLoadError(error)) return undefined;
    return reloads === 0 ? <ReloadingRemote remote={remote} onReloaded={onReloaded} unavailable={unavailable} /> : unavailable;
  };
  return (
    // a new key after a reload: the App mounts again and takes the build just registered
    <ErrorBoundary key={reloads} resetKey={pathname} fallback={fallback}>
      <Suspense fallback={<PageSkeleton label={t('loading')} />}>
        <App />
      </Suspense>
    </ErrorBoundary>
  );
}
