import { useParams } from 'react-router-dom';
import { usePageStatus } from '@academy/shared/api';
import { useGetStudentTaskHeadingQuery } from './task-api';

const position = (value: string | undefined) => (value && /^\d{1,4}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * The task a page's address points at (course, module, chapter and task positions), whose pages are
 * shown (the student in FAKE mode), and the chapter heading with the task's entry in it.
 */
export function useTaskAddress(additional: boolean) {
  const params = useParams();
  const courseId = position(params.courseId);
  const m = position(params.modulePosition);
  const c = position(params.chapterPosition);
  const n = position(params.taskPosition);
  const page = usePageStatus();
  const fake = page.status === 'FAKE' ? page.studentId : null;
  const address = courseId !== null && m !== null && c !== null && n !== null ? { courseId, m, c, n } : null;
  const heading = useGetStudentTaskHeadingQuery(
    { courseId: courseId ?? 0, additional, modulePosition: m ?? 1, chapterPosition: c ?? 1, studentId: fake },
    { skip: !address || page.status === 'NOT_READY' },
  );
  const item = heading.data?.taskHeadingDtos[(n ?? 1) - 1];
  return { address, status: page.status, profile: page.profile, fake, heading, item };
}
