import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useGetProfileQuery } from '@academy/shared/api';
import type { RoleName } from '@academy/shared/contract';
import { PASSWORD_PATH_BY_ROLE, rootPathFor } from '@academy/shared/domain';
import { useT } from '../../i18n';
import { PageSkeleton } from '@academy/shared/ui';
import { ErrorPage } from '../../components/errors/error-page';

/** The profile as guards need it: loading, a user, nobody signed in, or the server failing. */
function useSession() {
  const { data: profile, isLoading, error } = useGetProfileQuery();
  const signedOut = !profile && error !== undefined && 'status' in error && error.status === 401;
  return { profile, isLoading, signedOut, error: profile || signedOut ? undefined : error };
}

/** Lets through only the listed roles; others go to /login?param=forbidden, visitors to /login. */
export function RequireRole({ roles }: { roles: readonly RoleName[] }) {
  const t = useT();
  const { pathname } = useLocation();
  const { profile, isLoading, signedOut, error } = useSession();
  if (isLoading) return <PageSkeleton label={t('loading')} />;
  if (signedOut) return <Navigate to="/login" replace />;
  if (!profile) return <ErrorPage message={error && 'text' in error ? error.text : t('SomethingWentWrong')} />;
  if (!roles.includes(profile.role.name)) return <Navigate to="/login?param=forbidden" replace />;
  // spec 2 §4: a required password change sends every navigation to the role's password page
  const passwordPage = PASSWORD_PATH_BY_ROLE[profile.role.name];
  if (
    profile.inactivation?.reason === 'PASSWORD_CHANGE_REQUIRED' &&
    passwordPage &&
    pathname.replace(/\/$/, '') !== passwordPage
  ) {
    return <Navigate to={passwordPage} replace />;
  }
  return <Outlet />;
}

/** `/`: sends each role to its page (spec 1 §2); a visitor sees the landing page (spec 2 §2.1). */
export function RootRedirect({ landing }: { landing: ReactNode }) {
  const t = useT();
  const { profile, isLoading, signedOut, error } = useSession();
  if (isLoading) return <PageSkeleton label={t('loading')} />;
  if (signedOut) return landing;
  if (profile && rootPathFor(profile.role.name) === '/login') return <Navigate to="/login" replace />;
  if (!profile) return <ErrorPage message={error && 'text' in error ? error.text : t('SomethingWentWrong')} />;
  return <Navigate to={rootPathFor(profile.role.name)} replace />;
}
