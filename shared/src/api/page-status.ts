import { useSearchParams } from 'react-router-dom';
import type { Profile } from '../contract';
import { pageStatus, parseStudentId, type PageStatus } from '@academy/shared/domain';
import { useGetProfileQuery } from './session-api';

export interface PageStatusInfo {
  status: PageStatus;
  profile: Profile | undefined;
  /** the student whose pages are shown: the `studentId` param in FAKE mode, else the user */
  studentId: number | null;
}

/** NOT_READY until the profile is known; NORMAL on one's own pages; FAKE when viewing a student. */
export function usePageStatus(): PageStatusInfo {
  const [params] = useSearchParams();
  const { data: profile } = useGetProfileQuery();
  const param = parseStudentId(params.get('studentId'));
  const status = pageStatus(profile, param);
  return { status, profile, studentId: status === 'FAKE' ? param : (profile?.id ?? null) };
}
