import { TASK_KIND_PATHS, TASK_KINDS, type TaskKind } from '@academy/shared/contract';

/** A reply larger than this is left to the page's own call (a page carries its first replies, not a course's all). */
export const MAX_INLINE_REPLY = 256 * 1024;

/** A path without its trailing slash (`/user/courses/` is `/user/courses`). */
export const withoutSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);

/**
 * The GET calls a student page makes first whose replies the server puts into it (`firstReplies`):
 * the course list's two lists, and a course page's modules, name, picture, description, author, size
 * and enrolment. The addresses are the ones remote-student's courses API asks (api/courses-api.ts).
 */
export function firstCallsOf(pathname: string): string[] {
  const path = withoutSlash(pathname);
  if (path === '/user/courses') return ['/api/student/course/all-views', '/api/student/course/additional'];
  const course = /^\/user\/courses\/(additional\/)?([1-9]\d{0,8})$/.exec(path);
  if (!course) return [];
  const [, additional, id] = course;
  return [
    additional ? `/api/student/course/additional/${id}/views` : `/api/student/course/views/${id}`,
    `/api/user/course/${id}/name`,
    `/api/user/course/${id}/course-pic`,
    `/api/user/course/${id}/course-info`,
    `/api/user/course/${id}/course-author`,
    `/api/user/course/${id}/size`,
    `/api/student/course/${id}/is-enrolling`,
  ];
}

/**
 * The frame's calls whose replies every student page can carry: the quote (in the user's language) and
 * the bell's notifications (an important unread one opens at once, not after a request).
 */
export const FRAME_CALLS = ['/api/excerption/', '/api/student/generalNotification'];

const TASK_PAGE = /^\/user\/courses\/(additional\/)?([1-9]\d{0,8})\/([1-9]\d{0,3})\/([1-9]\d{0,3})\/([1-9]\d{0,3})$/;

/**
 * A student's own task page (`/user/courses/[additional/]<course>/<module>/<chapter>/<task>`): the
 * address of its first call (the chapter's heading, as the page asks it) and, from the heading's reply,
 * the calls the page makes next (navigation, whether it is the last task, the task itself; not its
 * comments: their times follow the browser's zone), or null for another path. The addresses are
 * spelled exactly as the page's queries spell them.
 */
export function taskCallsOf(pathname: string): { heading: string; next(heading: unknown): string[] } | null {
  const match = TASK_PAGE.exec(withoutSlash(pathname));
  if (!match) return null;
  const [, additional, courseId, modulePosition, chapterPosition, taskPosition] = match;
  return {
    heading: `/api/student/course${additional ? '/additional' : ''}/${courseId}/taskHeading?modulePosition=${modulePosition}&chapterPosition=${chapterPosition}`,
    next(heading) {
      const reply = heading as { chapterId?: unknown; taskHeadingDtos?: unknown } | null;
      const items = Array.isArray(reply?.taskHeadingDtos) ? reply.taskHeadingDtos : [];
      const item = items[Number(taskPosition) - 1] as { courseTaskId?: unknown; taskType?: unknown } | undefined;
      const chapterId = reply?.chapterId;
      const taskId = item?.courseTaskId;
      const kind = item?.taskType;
      if (!Number.isSafeInteger(chapterId) || !Number.isSafeInteger(taskId)) return [];
      if (typeof kind !== 'string' || !(TASK_KINDS as readonly string[]).includes(kind)) return [];
      return [
        `/api/user/navigation/chapter/${chapterId as number}?`,
        `/api/user/courseTask/${taskId as number}/checkIsLast`,
        `/api/student/task/${taskId as number}/${TASK_KIND_PATHS[kind as TaskKind]}?`,
      ];
    },
  };
}
