import { USER_AREA_ROLES, type RemoteName, type RoleName } from '../contract';

/** A part of the site behind one URL prefix, served by one remote, open to some roles. */
export interface Area {
  /** the first path segment (`user` for /user/*) */
  prefix: string;
  remote: Exclude<RemoteName, 'public'>;
  roles: readonly RoleName[];
}

/**
 * The one role → area table: the shell builds its guarded routes from it, the guards and the root
 * redirect read each role's pages from it, remote-mentor builds its nested routes from it. The public
 * remote is not listed: the shell mounts it for every other path and it knows its own pages.
 */
export const AREAS: readonly Area[] = [
  { prefix: 'user', remote: 'student', roles: USER_AREA_ROLES },
  { prefix: 'enrollee', remote: 'enrollee', roles: ['STUDENT'] },
  { prefix: 'admin', remote: 'mentor', roles: ['ADMIN'] },
  { prefix: 'mentor', remote: 'mentor', roles: ['MENTOR'] },
  { prefix: 'chief', remote: 'mentor', roles: ['CHIEF_MENTOR', 'CHIEF'] },
  { prefix: 'chief-mentor', remote: 'mentor', roles: ['CHIEF_MENTOR'] },
  { prefix: 'curator', remote: 'mentor', roles: ['CURATOR'] },
  { prefix: 'manager', remote: 'mentor', roles: ['MANAGER'] },
  { prefix: 'chief-manager', remote: 'mentor', roles: ['CHIEF_MANAGER'] },
];

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
