import { useDispatch } from 'react-redux';
import { api } from '@academy/shared/api';
import type { StudentTask, TaskKind } from '@academy/shared/contract';
import { RUN_POLL_MS, useRunEnded } from '@academy/shared/task-kinds';
import { useGetStudentTaskQuery } from './task-api';

/**
 * A code answer a grader is checking (the task's `run`): the task is asked for again every
 * RUN_POLL_MS until its result is in; then the history and the course's points are asked for again,
 * and `onRight` runs when the answer was right.
 */
export function useFollowRun(
  args: { courseTaskId: number; kind: TaskKind; studentId: number | null } | null,
  task: StudentTask | undefined,
  courseId: number,
  onRight: () => void,
): void {
  const dispatch = useDispatch();
  const running = Boolean(task?.run);
  useGetStudentTaskQuery(args ?? { courseTaskId: 0, kind: 'code', studentId: null }, {
    skip: !args || !running,
    pollingInterval: RUN_POLL_MS,
  });
  useRunEnded(running, () => {
    if (!task) return;
    dispatch(
      api.util.invalidateTags([
        { type: 'Solutions', id: task.studentTaskId },
        { type: 'Course', id: courseId },
        { type: 'CourseList' },
      ]),
    );
    if (task.lastActionIsRight) onRight();
  });
}
