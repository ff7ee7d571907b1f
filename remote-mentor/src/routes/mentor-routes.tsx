import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useGetProfileQuery } from '@academy/shared/api';
import type { RoleName } from '@academy/shared/contract';
import { areaOfPath, ROLE_PAGES, rootPathFor } from '@academy/shared/domain';
import { NotFoundPage, PageSkeleton, useDocumentTitle } from '@academy/shared/ui';
import { StaffNav } from '../features/staff-nav/staff-nav';
import { StaffHome } from '../features/students/staff-home';
import { useT } from '../i18n';
import { STAFF_SCREENS, type StaffScreen } from './staff-screens';

/** `/admin/users/` under the area `admin` → `users` (the route path inside the area). */
const inside = (prefix: string, path: string) => path.slice(prefix.length + 2).replace(/\/+$/, '');

/** Where a role's staff home is when its landing page is a staff screen (the chief mentor's is the planning). */
const HOME_BESIDE_SCREEN = 'students';

/** A path inside an area that a staff screen takes. */
const isScreen = (path: string) => STAFF_SCREENS.some((screen) => screen.path === path);

/** The staff home of a role: its landing page, or `/{area}/students` when a staff screen is its landing page. */
export function staffHomeOf(role: RoleName): string {
  const home = rootPathFor(role);
  const area = areaOfPath(home);
  return area && isScreen(inside(area.prefix, home)) ? `/${area.prefix}/${HOME_BESIDE_SCREEN}` : home;
}

/** The staff menu above every page of the area. */
function StaffLayout() {
  const { data: profile } = useGetProfileQuery();
  return (
    <>
      <StaffNav screens={STAFF_SCREENS} home={profile ? staffHomeOf(profile.role.name) : null} />
      <Outlet />
    </>
  );
}

// the password page (shared/account, with its form) loads when it is opened
const PasswordChangePage = lazy(async () => ({ default: (await import('@academy/shared/account')).PasswordChangePage }));

function PasswordPage(): ReactNode {
  const t = useT();
  return (
    <Suspense fallback={<PageSkeleton label={t('loading')} />}>
      <PasswordChangePage />
    </Suspense>
  );
}

/** A screen opens for the roles it names; another role sees its area's not-found page. */
function ScreenGate({ screen }: { screen: StaffScreen }): ReactNode {
  const t = useT();
  const { data: profile } = useGetProfileQuery();
  // the screen's name in the tab (its menu label); another role's not-found page names itself
  useDocumentTitle(profile && screen.roles.includes(profile.role.name) ? t(screen.label) : null);
  if (!profile) return <PageSkeleton label={t('loading')} />;
  if (!screen.roles.includes(profile.role.name)) return <NotFoundPage />;
  const Page = screen.page;
  return (
    <Suspense fallback={<PageSkeleton label={t('loading')} />}>
      <Page />
    </Suspense>
  );
}

/**
 * The nested routes of one staff area, from the role table in shared/domain: each role's landing
 * page (spec 1 §2) is the staff home (or the staff screen of that path, the home then at `students`),
 * its password page the password change, and the staff screens (staff-screens.tsx) are further routes
 * of every area.
 */
function staffRoutes(prefix: string): RouteObject[] {
  const pages = Object.values(ROLE_PAGES);
  const mine = (path: string | null): path is string => path !== null && path.startsWith(`/${prefix}/`);
  return [
    {
      element: <StaffLayout />,
      children: [
        ...pages.flatMap(({ home }) => {
          if (!mine(home)) return [];
          // a landing page that is a staff screen shows the screen; the staff home moves beside it
          const path = inside(prefix, home);
          return [{ path: isScreen(path) ? HOME_BESIDE_SCREEN : path, element: <StaffHome /> }];
        }),
        ...STAFF_SCREENS.map((screen) => ({ path: screen.path, element: <ScreenGate screen={screen} /> })),
      ],
    },
    ...pages.flatMap(({ password }) => (mine(password) ? [{ path: inside(prefix, password), element: <PasswordPage /> }] : [])),
    { path: '*', element: <NotFoundPage /> },
  ];
}

/** The staff area: the shell mounts it at each staff prefix (/admin/*, /mentor/*, …); routes are relative to it. */
export function MentorRoutes() {
  const { pathname } = useLocation();
  const prefix = areaOfPath(pathname)?.prefix ?? '';
  const routes = useMemo(() => staffRoutes(prefix), [prefix]);
  return useRoutes(routes);
}
