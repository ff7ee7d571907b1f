import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useGetProfileQuery } from '@academy/shared/api';
import type { RoleName } from '@academy/shared/contract';
import { rootPathFor } from '@academy/shared/domain';
import { useT } from '../../i18n';
import { Alert, Button, PageSkeleton } from '@academy/shared/ui';
import { inactivationRedirect, reasonPathOf } from '../../lib/inactivation';

/** How long after a failed profile load the guards ask again. */
export const PROFILE_RETRY_MS = 5_000;

/**
 * The profile as guards need it: loading, a user, nobody signed in, or the load failing. Spec 2 §4: a
 * failed load only logs. A refresh that fails keeps the last known profile (RTK Query keeps its data),
 * so the page stays; a first load that fails is asked again every few seconds (`failed`).
 */
function useSession() {
  const { data: profile, isLoading, isFetching, error, refetch } = useGetProfileQuery();
  const signedOut = !profile && error !== undefined && 'status' in error && error.status === 401;
  const failed = !profile && !signedOut && error !== undefined;
  useEffect(() => {
    if (error && !signedOut) console.error('The profile could not be loaded', error);
  }, [error, signedOut]);
  useEffect(() => {
    if (!failed || isFetching) return;
    const timer = setTimeout(() => void refetch(), PROFILE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [failed, isFetching, refetch]);
  return { profile, isLoading, signedOut, failed, retry: refetch, retrying: isFetching };
}

/**
 * While the first profile load fails: a notice that does not block (the page skeleton stays, the
 * load is retried by itself) and a button to try at once; the page appears as soon as it loads.
 */
function ProfileUnavailable({ retry, retrying }: { retry(): void; retrying: boolean }) {
  const t = useT();
  return (
    <div className="profile-unavailable">
      <Alert kind="warning">
        <span className="profile-unavailable__text">{t('profile.unavailable')}</span>
        <Button variant="secondary" onClick={retry} busy={retrying}>
          {t('profile.retryNow')}
        </Button>
      </Alert>
      <PageSkeleton label={t('loading')} />
    </div>
  );
}

/**
 * Lets through only the listed roles; others go to /login?param=forbidden, visitors to /login.
 * Spec 2 §4: a user with an inactivation reason goes to the page of the reason and role on every
 * navigation unless the path is allowed (lib/inactivation.ts); the area then shows the shell's page.
 */
export function RequireRole({ roles }: { roles: readonly RoleName[] }) {
  const t = useT();
  const { pathname } = useLocation();
  const { profile, isLoading, signedOut, failed, retry, retrying } = useSession();
  if (isLoading) return <PageSkeleton label={t('loading')} />;
  if (signedOut) return <Navigate to="/login" replace />;
  if (!profile) return failed ? <ProfileUnavailable retry={() => void retry()} retrying={retrying} /> : null;
  if (!roles.includes(profile.role.name)) return <Navigate to="/login?param=forbidden" replace />;
  const redirect = inactivationRedirect(profile, pathname, rootPathFor(profile.role.name));
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

/** `/`: sends each role to its page (spec 1 §2), or to its inactivation page; a visitor sees the landing page (spec 2 §2.1). */
export function RootRedirect({ landing }: { landing: ReactNode }) {
  const t = useT();
  const { profile, isLoading, signedOut, failed, retry, retrying } = useSession();
  if (isLoading) return <PageSkeleton label={t('loading')} />;
  if (signedOut) return landing;
  if (!profile) return failed ? <ProfileUnavailable retry={() => void retry()} retrying={retrying} /> : null;
  const reason = profile.inactivation?.reason;
  return <Navigate to={reason ? reasonPathOf(profile.role.name, reason) : rootPathFor(profile.role.name)} replace />;
}
