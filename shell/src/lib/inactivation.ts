import type { InactivationReason, LegalPageName, Profile, RoleName } from '@academy/shared/contract';
import { areaOfPath, ROLE_PAGES } from '@academy/shared/domain';

/**
 * Inactivation routing (spec 2 §4; docs/accounts.md, "Inactivation"). A signed-in user with an inactivation
 * reason is sent on every navigation to the page of the reason and role, unless already on an allowed
 * path: the reason's page, the role's password page, and the legal pages of the area (spec 1 §2).
 * The shell itself shows those pages to such a user (the area's remote is not mounted), so no page of
 * the area makes calls the server refuses them (`accountInactive`).
 */

/** The legal pages of the student and enrollee areas (their footer's links). */
export const AREA_LEGAL_PAGES = [
  'contacts',
  'legal_entity',
  'public_offer',
  'privacy_policy',
] as const satisfies readonly LegalPageName[];
export type AreaLegalPage = (typeof AREA_LEGAL_PAGES)[number];

/** The areas with the legal pages under their own prefix (spec 2 §2.1); staff use the public ones. */
export const LEGAL_AREAS: readonly string[] = ['user', 'enrollee'];

/** The path without a trailing slash (`/user/password/` is `/user/password`). */
export const normalisePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The area a role belongs to: its landing page's (the chief mentor's is /chief), else its password page's. */
export function areaPrefixOf(role: RoleName): string {
  const pages = ROLE_PAGES[role];
  return areaOfPath(pages.home ?? pages.password)?.prefix ?? 'user';
}

/** The shell's page for the reasons other than a required password change: `/{area}/inactive`. */
export const inactivePathOf = (role: RoleName) => `/${areaPrefixOf(role)}/inactive`;

/** The page a reason sends a role to: the password page for a required change, else the inactive page. */
export function reasonPathOf(role: RoleName, reason: InactivationReason): string {
  return reason === 'PASSWORD_CHANGE_REQUIRED' ? ROLE_PAGES[role].password : inactivePathOf(role);
}

/** A legal page's address for the area of `prefix`: under the area when it has them, else the public one. */
export function legalPathOf(prefix: string, page: AreaLegalPage): string {
  return LEGAL_AREAS.includes(prefix) ? `/${prefix}/${page}` : `/${page}`;
}

/** The legal page a path shows inside an area with legal pages (`/user/contacts` → contacts), if any. */
export function legalPageAt(pathname: string): AreaLegalPage | null {
  const [, prefix = '', page = '', ...rest] = normalisePath(pathname).split('/');
  if (rest.length > 0 || !LEGAL_AREAS.includes(prefix)) return null;
  return (AREA_LEGAL_PAGES as readonly string[]).includes(page) ? (page as AreaLegalPage) : null;
}

/**
 * Where the guard sends a signed-in user who is at `pathname`; null to let them stay.
 * - with a reason: to the reason's page unless the path is allowed (above);
 * - without one: away from an inactive page (a reason lifted meanwhile) to their landing page.
 */
export function inactivationRedirect(profile: Profile, pathname: string, landing: string): string | null {
  const path = normalisePath(pathname);
  const role = profile.role.name;
  const reason = profile.inactivation?.reason;
  if (!reason) return areaOfPath(path) && /^\/[^/]+\/inactive$/.test(path) ? landing : null;
  const target = reasonPathOf(role, reason);
  const allowed = path === target || path === ROLE_PAGES[role].password || legalPageAt(path) !== null;
  return allowed ? null : target;
}
