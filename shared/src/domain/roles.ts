import type { RoleName } from '../contract';

/** Where `/` sends each role (spec 1 §2); roles not listed go to /login. */
export const ROOT_PATH_BY_ROLE: Partial<Record<RoleName, string>> = {
  ADMIN: '/admin/users/',
  MENTOR: '/mentor/review/table',
  PAY_STUDENT: '/user/courses',
  CHIEF_MENTOR: '/chief/review/planning',
  MANAGER: '/manager/students/current',
  STUDENT: '/enrollee/1',
  CHIEF_MANAGER: '/chief-manager/students/current',
  CURATOR: '/curator/students/all',
};

/** The page a role lands on after sign-in. */
export function rootPathFor(role: RoleName | undefined): string {
  return (role && ROOT_PATH_BY_ROLE[role]) ?? '/login';
}

/** Forced password-change page of each role (spec 1 §2). */
export const PASSWORD_PATH_BY_ROLE: Partial<Record<RoleName, string>> = {
  ADMIN: '/admin/edit/password',
  MENTOR: '/mentor/edit/password',
  MANAGER: '/manager/edit/password',
  CURATOR: '/curator/edit/password',
  CHIEF_MENTOR: '/chief-mentor/edit/password',
  STUDENT: '/enrollee/password',
  PAY_STUDENT: '/user/password',
  CHIEF_MANAGER: '/chief-manager/edit/password',
  CHIEF: '/chief/edit/password',
};

/** Students never see the global error alert (spec 1 §6). */
export function isLearner(role: RoleName | undefined): boolean {
  return role === 'STUDENT' || role === 'PAY_STUDENT';
}
