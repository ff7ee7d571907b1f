import type { StudentSummary } from '@academy/shared/contract';
import type { StaffRepository } from './repository';

export const STUDENT_LIST_LIMIT = 50;

export function createStaffService(staff: StaffRepository) {
  return {
    /** Students and enrollees searched by name or e-mail, without regard to case; at most 50. */
    searchStudents: (query: string | undefined): Promise<StudentSummary[]> =>
      staff.searchStudents((query ?? '').trim().toLowerCase(), STUDENT_LIST_LIMIT),
  };
}
