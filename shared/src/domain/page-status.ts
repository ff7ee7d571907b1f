import type { Profile } from '../contract';

export type PageStatus = 'NOT_READY' | 'NORMAL' | 'FAKE';

/** A positive integer `studentId` query value, else null (garbage is ignored, not trusted). */
export function parseStudentId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2147483647 ? id : null;
}

/**
 * Spec 1 §4: NOT_READY until the profile is loaded; NORMAL without a studentId, or when a paying
 * student's studentId is their own id; FAKE otherwise.
 */
export function pageStatus(profile: Profile | undefined, studentId: number | null): PageStatus {
  if (!profile) return 'NOT_READY';
  if (studentId === null) return 'NORMAL';
  if (profile.role.name === 'PAY_STUDENT' && studentId === profile.id) return 'NORMAL';
  return 'FAKE';
}
