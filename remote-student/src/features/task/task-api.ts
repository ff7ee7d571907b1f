import { api, REFRESH_ON_MOUNT_AFTER_S, studentTaskTagId } from '@academy/shared/api';
import {
  TASK_KIND_PATHS,
  type ChapterNavigation,
  type CodeTryResult,
  SUBMISSION_KEY_HEADER,
  type SavedTaskDraft,
  type SolutionEntry,
  type StudentTask,
  type TaskDraft,
  type TaskAvailability,
  type TaskHeading,
  type TaskKind,
} from '@academy/shared/contract';

const withStudent = (url: string, studentId: number | null, params: Record<string, number> = {}) =>
  studentId === null ? { url, params } : { url, params: { ...params, studentId } };

/** Solutions on one page of the history. */
export const HISTORY_PAGE_SIZE = 20;

/** A page of the history: its solutions, and the id the next page continues after (null: the last page). */
interface SolutionsPage {
  items: SolutionEntry[];
  next: number | null;
}

interface SolutionsArg {
  studentTaskId: number;
  studentId: number | null;
  filterResult: 'ALL' | 'SUCCESS' | 'FAILED';
  filterDate: 'NEW' | 'OLD';
}

/** What a change to a task needs of it: the ids in its addresses and its kind. */
export type TaskRef = Pick<StudentTask, 'courseTaskId' | 'studentTaskId' | 'type'>;

/** A change the signed-in student makes to their own task in a course. */
interface OwnTaskArg {
  task: TaskRef;
  courseId: number;
}

/** A submission's key (issue 29): every retry of one submission sends the same, and the server grades it once. */
const keyHeader = (key: string | undefined) => (key ? { headers: { [SUBMISSION_KEY_HEADER]: key } } : {});

/** The student's own task and its course's figures: what their own change makes stale. */
const ownTaskTags = ({ task, courseId }: OwnTaskArg) =>
  [
    { type: 'Task', id: studentTaskTagId(task.courseTaskId, null) },
    { type: 'Course', id: courseId },
  ] as const;

const taskApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getStudentTaskHeading: build.query<
      TaskHeading,
      { courseId: number; additional: boolean; modulePosition: number; chapterPosition: number; studentId: number | null }
    >({
      query: ({ courseId, additional, modulePosition, chapterPosition, studentId }) =>
        withStudent(
          `${studentId === null ? '/api/student/course' : '/api/fake/user/course'}${additional ? '/additional' : ''}/${courseId}/taskHeading`,
          studentId,
          { modulePosition, chapterPosition },
        ),
      providesTags: (_r, _e, { courseId }) => [{ type: 'Course', id: courseId }],
    }),
    /** `courseId` only names the cache entry's course, so solving a task there refreshes it. */
    getChapterNavigation: build.query<ChapterNavigation, { chapterId: number; courseId: number; studentId: number | null }>({
      query: ({ chapterId, studentId }) => withStudent(`/api/user/navigation/chapter/${chapterId}`, studentId),
      providesTags: (_r, _e, { courseId }) => [{ type: 'Course', id: courseId }],
    }),
    getIsLastTask: build.query<boolean, number>({ query: (courseTaskId) => `/api/user/courseTask/${courseTaskId}/checkIsLast` }),
    getStudentTask: build.query<StudentTask, { courseTaskId: number; kind: TaskKind; studentId: number | null }>({
      query: ({ courseTaskId, kind, studentId }) =>
        withStudent(
          `${studentId === null ? '/api/student/task' : '/api/fake/user/task'}/${courseTaskId}/${TASK_KIND_PATHS[kind]}`,
          studentId,
        ),
      providesTags: (_r, _e, { courseTaskId, studentId }) => [{ type: 'Task', id: studentTaskTagId(courseTaskId, studentId) }],
    }),
    getStudentTaskInfoId: build.query<number, { courseTaskId: number; studentId: number | null }>({
      query: ({ courseTaskId, studentId }) =>
        withStudent(
          `${studentId === null ? '/api/student/task' : '/api/fake/user/task'}/${courseTaskId}/studentCourseTaskInfoId`,
          studentId,
        ),
    }),
    /**
     * Spec 2 §2.8, a page at a time: each page asks one row more than it shows, so it knows whether
     * another follows, and the next continues after its last shown row (`after`).
     */
    getStudentSolutions: build.infiniteQuery<SolutionsPage, SolutionsArg, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ queryArg: { studentTaskId, studentId, filterResult, filterDate }, pageParam }) => ({
        url: `${studentId === null ? '/api/student' : '/api/fake/user'}/taskInfo/${studentTaskId}/solutions`,
        params: {
          filterResult,
          filterDate,
          limit: HISTORY_PAGE_SIZE + 1,
          ...(pageParam === null ? {} : { after: pageParam }),
          ...(studentId === null ? {} : { studentId }),
        },
      }),
      transformResponse: (rows: SolutionEntry[]): SolutionsPage => ({
        items: rows.slice(0, HISTORY_PAGE_SIZE),
        next: rows.length > HISTORY_PAGE_SIZE ? rows[HISTORY_PAGE_SIZE - 1]!.id : null,
      }),
      providesTags: (_r, _e, { studentTaskId }) => [{ type: 'Solutions', id: studentTaskId }],
    }),
    /** Own answer, or (studentId given) an administrator answering for the student. */
    solveStudentTask: build.mutation<
      StudentTask,
      { task: TaskRef; courseId: number; payload: Record<string, unknown>; studentId?: number | null; key?: string }
    >({
      query: ({ task, payload, studentId, key }) => ({
        ...keyHeader(key),
        // a task the student has not opened (studentTaskId 0 in view-as) is named by its course task id
        url: `${studentId ? '/api/fake/user/task' : '/api/student/taskInfo'}/${task.studentTaskId || task.courseTaskId}/${TASK_KIND_PATHS[task.type]}`,
        method: 'POST',
        params: studentId ? { studentId, ...(task.studentTaskId ? {} : { courseTaskId: task.courseTaskId }) } : undefined,
        body: { taskType: TASK_KIND_PATHS[task.type], ...payload },
      }),
      // that student's task, its history, and the figures of its course
      invalidatesTags: (_r, _e, { task, courseId, studentId }) => [
        { type: 'Task', id: studentTaskTagId(task.courseTaskId, studentId ?? null) },
        { type: 'Solutions', id: task.studentTaskId },
        { type: 'Course', id: courseId },
        { type: 'CourseList' },
      ],
    }),
    getTaskAvailability: build.query<TaskAvailability, { courseTaskId: number; kind: TaskKind }>({
      query: ({ courseTaskId, kind }) => ({
        url: `/api/fake/open/check/${kind === 'code' ? 'codeTask' : kind === 'mentorCheckTask' ? 'mentorCheckTask' : 'common'}`,
        params: { courseTaskId },
      }),
      providesTags: (_r, _e, { courseTaskId }) => [{ type: 'Task', id: studentTaskTagId(courseTaskId, null) }],
    }),
    getServerMessage: build.query<{ message: string }, 'writeComment'>({
      query: (name) => `/api/user/message/${name}`,
    }),
    solveStudentLecture: build.mutation<StudentTask, OwnTaskArg>({
      query: ({ task }) => `/api/student/taskInfo/${task.studentTaskId}/solve-lecture`,
      invalidatesTags: (_r, _e, arg) => [...ownTaskTags(arg), { type: 'CourseList' }],
    }),
    resetStudentTask: build.mutation<StudentTask, OwnTaskArg>({
      query: ({ task }) => ({ url: `/api/student/taskInfo/${task.studentTaskId}/reset`, method: 'POST' }),
      invalidatesTags: (_r, _e, arg) => ownTaskTags(arg),
    }),
    sendMentorCheckAnswer: build.mutation<StudentTask, OwnTaskArg & { answer: string; key?: string }>({
      query: ({ task, answer, key }) => ({
        ...keyHeader(key),
        url: `/api/student/taskInfo/${task.studentTaskId}/mentorCheckTask`,
        method: 'POST',
        // in the body: a formatted answer may be longer than a URL can carry
        body: { answer },
      }),
      invalidatesTags: (_r, _e, arg) => [...ownTaskTags(arg), { type: 'Solutions', id: arg.task.studentTaskId }],
    }),
    cancelMentorCheckAnswer: build.mutation<StudentTask, OwnTaskArg>({
      query: ({ task }) => ({ url: `/api/student/taskInfo/${task.studentTaskId}/mentorCheckTask`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, arg) => [...ownTaskTags(arg), { type: 'Solutions', id: arg.task.studentTaskId }],
    }),
    /**
     * The draft of a task's unfinished answer (issue 29): asked on each visit (use-task-draft.ts), unless it
     * came with the page a moment ago (kept for as long, so the page's data is there when its code is).
     */
    getStudentTaskDraft: build.query<TaskDraft | null, { studentTaskId: number; studentId: number | null }>({
      query: ({ studentTaskId, studentId }) =>
        withStudent(`${studentId === null ? '/api/student' : '/api/fake/user'}/taskInfo/${studentTaskId}/draft`, studentId),
      keepUnusedDataFor: REFRESH_ON_MOUNT_AFTER_S,
    }),
    saveStudentTaskDraft: build.mutation<SavedTaskDraft, { studentTaskId: number; answer: unknown; version: number }>({
      query: ({ studentTaskId, answer, version }) => ({
        url: `/api/student/taskInfo/${studentTaskId}/draft`,
        method: 'PUT',
        body: { answer, version },
      }),
      // the kept draft is the one just saved: a visit back within moments starts from it, not an older one
      async onQueryStarted({ studentTaskId, answer }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.catch(() => null);
        if (saved)
          dispatch(
            taskApi.util.updateQueryData('getStudentTaskDraft', { studentTaskId, studentId: null }, () => ({
              answer,
              ...saved.data,
            })),
          );
      },
    }),
    /**
     * A try (issue 32): the code run on the task's examples, and on the student's own `call` when there is
     * one; not an answer, so nothing it changes is stale.
     */
    tryStudentCode: build.mutation<CodeTryResult, { studentTaskId: number; solution: string; call?: string }>({
      query: ({ studentTaskId, solution, call }) => ({
        url: `/api/student/taskInfo/${studentTaskId}/code/try`,
        method: 'POST',
        body: call ? { solution, call } : { solution },
      }),
    }),
  }),
});

export const {
  useGetStudentTaskHeadingQuery,
  useGetChapterNavigationQuery,
  useGetIsLastTaskQuery,
  useGetStudentTaskQuery,
  useGetStudentTaskInfoIdQuery,
  useGetStudentSolutionsInfiniteQuery,
  useSolveStudentTaskMutation,
  useGetTaskAvailabilityQuery,
  useLazyGetServerMessageQuery,
  useSolveStudentLectureMutation,
  useResetStudentTaskMutation,
  useSendMentorCheckAnswerMutation,
  useCancelMentorCheckAnswerMutation,
  useGetStudentTaskDraftQuery,
  useLazyGetStudentTaskDraftQuery,
  useSaveStudentTaskDraftMutation,
  useTryStudentCodeMutation,
} = taskApi;

/** The endpoints, for calls made outside a component's hooks (the answer queue sends from IndexedDB). */
export const taskEndpoints = taskApi.endpoints;
