import { useMemo } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PasswordChangePage } from '@academy/shared/account';
import { areaOfPath, ROLE_PAGES } from '@academy/shared/domain';
import { NotFoundPage } from '@academy/shared/ui';
import { StaffHome } from '../features/students/staff-home';

/** `/admin/users/` under the area `admin` → `users` (the route path inside the area). */
const inside = (prefix: string, path: string) => path.slice(prefix.length + 2).replace(/\/+$/, '');

/**
 * The nested routes of one staff area, from the role table in shared/domain: each role's landing
 * page (spec 1 §2) is the staff home for now, its password page the password change; the staff
 * screens of later issues are added here as further routes of their area.
 */
function staffRoutes(prefix: string): RouteObject[] {
  const pages = Object.values(ROLE_PAGES);
  const mine = (path: string | null): path is string => path !== null && path.startsWith(`/${prefix}/`);
  return [
    ...pages.flatMap(({ home }) => (mine(home) ? [{ path: inside(prefix, home), element: <StaffHome /> }] : [])),
    ...pages.flatMap(({ password }) =>
      mine(password) ? [{ path: inside(prefix, password), element: <PasswordChangePage /> }] : [],
    ),
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
