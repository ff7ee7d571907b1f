import { STAFF_ROLES, type Profile, type RoleName } from '@academy/shared/contract';
import type { UserRow } from '../../db/schema';

/** yyyy-mm-dd (database) to dd.MM.yyyy (API). */
export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    birthday: formatDate(user.birthday),
    avatarUrl: user.avatar_url,
    role: { name: user.role },
    paymentType: user.payment_type,
    direction: user.direction,
    requireCreateReport: user.require_create_report,
    hasMentor: user.has_mentor,
    isViewReport: user.is_view_report,
    inactivation: user.inactivation_reason ? { reason: user.inactivation_reason } : null,
    language: user.language,
  };
}

/** Roles that may read any user's profile: all staff. */
export const PROFILE_READER_ROLES: readonly RoleName[] = STAFF_ROLES;

export type ProfileAccess = 'full' | 'public' | 'none';

/**
 * Who may read whose profile: oneself and staff see everything; a paying student may see the public
 * part of a fellow student of the same direction (the view-as-student rule of spec 1 §6).
 */
export function profileAccess(viewer: UserRow, target: UserRow): ProfileAccess {
  if (viewer.id === target.id || PROFILE_READER_ROLES.includes(viewer.role)) return 'full';
  if (
    viewer.role === 'PAY_STUDENT' &&
    (target.role === 'PAY_STUDENT' || target.role === 'STUDENT') &&
    viewer.direction !== null &&
    viewer.direction === target.direction
  ) {
    return 'public';
  }
  return 'none';
}

/** The part of a profile a fellow student may see: no e-mail, birthday or account flags. */
export function toPublicProfile(user: UserRow): Profile {
  return {
    ...toProfile(user),
    email: '',
    birthday: null,
    requireCreateReport: false,
    isViewReport: false,
    inactivation: null,
  };
}
