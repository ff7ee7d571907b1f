import { api, studentTaskTagId } from '@academy/shared/api';
import type { PageData } from '@academy/shared/ssr';
import { TASK_KIND_PATHS, type EnrolleeDirectionPic, type EnrolleeHeading, type StudentTask } from '@academy/shared/contract';

/** The heading's tag: an answer, a lecture read or a reset changes its points and its row of steps. */
const HEADING = { type: 'Course', id: 'enrollee-steps' } as const;

/** A step's task and the heading: what a change of the step makes stale. */
const stepTags = (task: StudentTask) => [{ type: 'Task', id: studentTaskTagId(task.courseTaskId, null) } as const, HEADING];

/** The enrollee's lesson steps (spec 2 §7, `/api/enrollee`). */
const stepsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getEnrolleeDirectionPic: build.query<EnrolleeDirectionPic, void>({
      query: () => '/api/enrollee/direction/direction-pic',
    }),
    getEnrolleeStepHeading: build.query<EnrolleeHeading, number>({
      query: (position) => ({ url: '/api/enrollee/directionTask/heading', params: { directionTaskPosition: position } }),
      providesTags: [HEADING],
    }),
    /** The step's task; the first load records that the student opened it. */
    getEnrolleeStepTask: build.query<StudentTask, { position: number; taskId: number }>({
      query: ({ position, taskId }) => `/api/enrollee/directionTask/${position}/${taskId}`,
      providesTags: (_r, _e, { taskId }) => [{ type: 'Task', id: studentTaskTagId(taskId, null) }],
    }),
    solveEnrolleeStep: build.mutation<StudentTask, { task: StudentTask; payload: Record<string, unknown> }>({
      query: ({ task, payload }) => ({
        url: `/api/enrollee/directionTask/${task.studentTaskId}`,
        method: 'POST',
        body: { taskType: TASK_KIND_PATHS[task.type], ...payload },
      }),
      invalidatesTags: (_r, _e, { task }) => stepTags(task),
    }),
    /** Spec 2 §7 makes it a GET; it marks the lecture read, so it is a mutation here. */
    solveEnrolleeLecture: build.mutation<StudentTask, StudentTask>({
      query: (task) => `/api/enrollee/directionTask/${task.studentTaskId}/solve-lecture`,
      invalidatesTags: (_r, _e, task) => stepTags(task),
    }),
    resetEnrolleeStep: build.mutation<StudentTask, StudentTask>({
      query: (task) => ({ url: `/api/enrollee/directionTask/${task.studentTaskId}/reset`, method: 'POST' }),
      invalidatesTags: (_r, _e, task) => stepTags(task),
    }),
  }),
});

export const {
  useGetEnrolleeDirectionPicQuery,
  useGetEnrolleeStepHeadingQuery,
  useGetEnrolleeStepTaskQuery,
  useSolveEnrolleeStepMutation,
  useSolveEnrolleeLectureMutation,
  useResetEnrolleeStepMutation,
} = stepsApi;

/**
 * A step's page as it asks first (docs/architecture.md, "Server rendering"): the heading, then the task
 * it names for the position (false when it has none: the page is not found, the browser shows it).
 */
export const stepPageData =
  (position: number): PageData =>
  async (dispatch) => {
    const { endpoints } = stepsApi;
    dispatch(endpoints.getEnrolleeDirectionPic.initiate());
    const heading = await dispatch(endpoints.getEnrolleeStepHeading.initiate(position));
    const step = heading.data?.taskIcons[position - 1];
    if (!step) return false;
    dispatch(endpoints.getEnrolleeStepTask.initiate({ position, taskId: step.directionTaskId }));
    return true;
  };
