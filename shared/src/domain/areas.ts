import { AREAS, type Area, type RoleName } from '../contract';

export { AREAS, type Area };

/** Each role's own pages (spec 1 §2): where `/` sends it (none: /login) and its forced password change. */
export const ROLE_PAGES: Readonly<Record<RoleName, { home: string | null; password: string }>> = {
  ADMIN: { home: '/admin/users/', password: '/admin/edit/password' },
  MENTOR: { home: '/mentor/review/table', password: '/mentor/edit/password' },
  CHIEF_MENTOR: { home: '/chief/review/planning', password: '/chief-mentor/edit/password' },
  CURATOR: { home: '/curator/students/all', password: '/curator/edit/password' },
  MANAGER: { home: '/manager/students/current', password: '/manager/edit/password' },
  CHIEF_MANAGER: { home: '/chief-manager/students/current', password: '/chief-manager/edit/password' },
  CHIEF: { home: null, password: '/chief/edit/password' },
  PAY_STUDENT: { home: '/user/courses', password: '/user/password' },
  STUDENT: { home: '/enrollee/1', password: '/enrollee/password' },
};

/** The areas a remote serves. */
export function areasOf(remote: Area['remote']): Area[] {
  return AREAS.filter((area) => area.remote === remote);
}

/** The area a path lies in (by its first segment), if any. */
export function areaOfPath(pathname: string): Area | undefined {
  const prefix = pathname.split('/')[1] ?? '';
  return AREAS.find((area) => area.prefix === prefix);
}

/** Where `/` sends each role (spec 1 §2); roles not listed go to /login. */
export const ROOT_PATH_BY_ROLE: Partial<Record<RoleName, string>> = Object.fromEntries(
  Object.entries(ROLE_PAGES).flatMap(([role, pages]) => (pages.home ? [[role, pages.home]] : [])),
);

/** Forced password-change page of each role (spec 1 §2). */
export const PASSWORD_PATH_BY_ROLE: Partial<Record<RoleName, string>> = Object.fromEntries(
  Object.entries(ROLE_PAGES).map(([role, pages]) => [role, pages.password]),
);

/** The page a role lands on after sign-in. */
export function rootPathFor(role: RoleName | undefined): string {
  return (role && ROLE_PAGES[role].home) ?? '/login';
}
