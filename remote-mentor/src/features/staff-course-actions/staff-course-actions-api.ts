import { api, studentTaskTagId } from '@academy/shared/api';
import type { EnrollResult, ModuleView } from '@academy/shared/contract';

/** A staff action on a student's course; `taskIds` are the course tasks it changes (their pages refresh). */
interface StudentCourseArg {
  courseId: number;
  studentId: number;
  taskIds: number[];
}

/** What a staff action changes: the student's course views, both course lists, the named tasks of that student. */
const changed = (error: unknown, { courseId, studentId, taskIds }: StudentCourseArg) =>
  error
    ? []
    : [
        { type: 'Course' as const, id: courseId },
        { type: 'CourseList' as const },
        ...taskIds.map((taskId) => ({ type: 'Task' as const, id: studentTaskTagId(taskId, studentId) })),
      ];

/** Every task of the modules: what marking them done or finishing the course changes. */
export const taskIdsOf = (modules: ModuleView[]) =>
  modules.flatMap((module) => module.chapterViewDtos.flatMap((chapter) => chapter.taskViews.map((task) => task.taskId)));

/**
 * Staff on a student's course page (spec 1 §2, §4, §6; STAFF_VIEW_ROLES, view-as-student mode): enrol
 * the student in the course or in a module, mark a module done, reset a module's review, finish the course.
 */
const staffCourseActionsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    markStudentModuleDone: build.mutation<null, StudentCourseArg & { moduleId: number }>({
      query: ({ courseId, moduleId, studentId }) => ({
        url: `/api/fake/protect/course/${courseId}/module/${moduleId}/done/${studentId}`,
        method: 'POST',
      }),
      invalidatesTags: (_result, error, arg) => changed(error, arg),
    }),
    discardStudentReview: build.mutation<null, StudentCourseArg & { moduleId: number }>({
      query: ({ moduleId, studentId }) => ({
        url: '/api/mentor/review/discardReview',
        method: 'PATCH',
        params: { moduleId, studentId },
      }),
      // a waiting booking of the module may go with it: the staff's slot lists too
      invalidatesTags: (_result, error, arg) =>
        error ? [] : [...changed(error, arg), { type: 'ReviewSlot' as const, id: 'LIST' }],
    }),
    // enrolling (spec 1 §4: staff enrol a student in a course or a module on their behalf) opens tasks too
    enrollStudentInCourse: build.mutation<EnrollResult, StudentCourseArg>({
      query: ({ courseId, studentId }) => ({ url: `/api/fake/protect/enroll/course/${courseId}/${studentId}`, method: 'POST' }),
      invalidatesTags: (_result, error, arg) => changed(error, arg),
    }),
    enrollStudentInModule: build.mutation<EnrollResult, StudentCourseArg & { moduleId: number }>({
      query: ({ courseId, moduleId, studentId }) => ({
        url: `/api/fake/protect/enroll/module/${courseId}/${moduleId}/${studentId}`,
        method: 'POST',
      }),
      invalidatesTags: (_result, error, arg) => changed(error, arg),
    }),
    finishStudentCourse: build.mutation<null, StudentCourseArg>({
      query: ({ courseId, studentId }) => ({ url: `/api/fake/protect/course/${courseId}/finish/${studentId}`, method: 'POST' }),
      invalidatesTags: (_result, error, arg) => changed(error, arg),
    }),
  }),
});

export const {
  useMarkStudentModuleDoneMutation,
  useDiscardStudentReviewMutation,
  useFinishStudentCourseMutation,
  useEnrollStudentInCourseMutation,
  useEnrollStudentInModuleMutation,
} = staffCourseActionsApi;
