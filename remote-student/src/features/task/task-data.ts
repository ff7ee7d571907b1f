import type { PageData } from '@academy/shared/ssr';
import { taskEndpoints } from './task-api';
import { takesDraft } from './use-task-draft';

/** A task's address: the course and the positions of its module, chapter and task (from 1). */
export interface TaskAddress {
  courseId: number;
  additional: boolean;
  modulePosition: number;
  chapterPosition: number;
  taskPosition: number;
}

/**
 * A task page's data, asked as the page asks it (use-task-address.ts, task-page.tsx): the chapter's
 * heading first, then from it the chapter's navigation, whether the task is the last, the task, for a
 * paying student whether a code or mentor-checked task is open to them, the student's draft of an answer
 * (the page's body starts from it: the live page would otherwise ask for it before drawing the body), and
 * what the route shows with it (`also`: the comments, composed in routes/page-data.ts).
 * False for a review step: its body asks for the module's review seats itself, so its copy would be
 * replaced before its buttons are there.
 */
export const taskPageData =
  (address: TaskAddress, also?: (courseTaskId: number) => PageData): PageData =>
  async (dispatch, profile, context) => {
    const { courseId, additional, modulePosition, chapterPosition, taskPosition } = address;
    const heading = await dispatch(
      taskEndpoints.getStudentTaskHeading.initiate({ courseId, additional, modulePosition, chapterPosition, studentId: null }),
    );
    const item = heading.data?.taskHeadingDtos[taskPosition - 1];
    if (!heading.data || !item) return false;
    if (item.taskType === 'review_step') return false;
    dispatch(taskEndpoints.getChapterNavigation.initiate({ chapterId: heading.data.chapterId, courseId, studentId: null }));
    dispatch(taskEndpoints.getIsLastTask.initiate(item.courseTaskId));
    const task = dispatch(
      taskEndpoints.getStudentTask.initiate({ courseTaskId: item.courseTaskId, kind: item.taskType, studentId: null }),
    );
    if (also && (await also(item.courseTaskId)(dispatch, profile, context)) === false) return false;
    // a paying student's code and mentor-checked tasks: whether they are open to them now (spec 2 §6)
    if (profile?.role.name === 'PAY_STUDENT' && (item.taskType === 'code' || item.taskType === 'mentorCheckTask')) {
      dispatch(taskEndpoints.getTaskAvailability.initiate({ courseTaskId: item.courseTaskId, kind: item.taskType }));
    }
    // a task with an answer to type: the draft it starts from (use-task-draft.ts)
    const studentTaskId = takesDraft(item.taskType) ? (await task).data?.studentTaskId : undefined;
    if (studentTaskId) dispatch(taskEndpoints.getStudentTaskDraft.initiate({ studentTaskId, studentId: null }));
  };
