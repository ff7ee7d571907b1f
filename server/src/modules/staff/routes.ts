import { STAFF_ROLES, STAFF_VIEW_ROLES } from '@academy/shared/contract';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { currentUser, requireRoles } from '../../plugins/guards';
import { resolveSubject, VIEW_AS_ROLES } from '../../plugins/subject';
import { createStaffRepository } from './repository';
import {
  MentorIdParams,
  MentorNameSchema,
  ProblemParams,
  StudentBriefList,
  StudentIdParams,
  StudentListQuery,
  StudentNameSchema,
  StudentPageSchema,
  StudentRowSchema,
  TaskProblemSchema,
} from './schemas';
import { createStaffService } from './service';

const tags = ['staff'];

/**
 * The staff's students (docs/courses.md, "Staff students list and view-as mode"): the list behind every staff
 * home (STAFF_ROLES), and what the view-as-student bar asks (spec 1 §6, §7 "Staff"): the student's name
 * (whoever may view the student), their mentor and a task's statement (STAFF_VIEW_ROLES).
 */
export default async function staffModule(app: App): Promise<void> {
  const staff = createStaffService(createStaffRepository(app.db));
  // the task page's own rule of which tasks a student may open (and never a write for a view)
  const tasks = app.taskService();
  const listers = requireRoles(STAFF_ROLES);

  app.get(
    '/api/fake/protect/user/students',
    {
      preHandler: listers,
      schema: {
        summary:
          'Students and enrollees with their mentor, current course’s progress and last activity: searched, filtered, sorted, a page at a time',
        tags,
        querystring: StudentListQuery,
        response: Reply(StudentPageSchema),
      },
    },
    async (request) => ok(await staff.list({ id: currentUser(request).id }, request.query)),
  );

  app.get(
    '/api/fake/protect/user/singleStudent/:studentId',
    {
      preHandler: listers,
      schema: {
        summary: 'One student’s or enrollee’s row of the list (the student selector’s current one)',
        tags,
        params: StudentIdParams,
        response: Reply(StudentRowSchema),
      },
    },
    async (request) => ok(await staff.single(request.params.studentId)),
  );

  app.get(
    '/api/fake/protect/user/student/:id',
    {
      preHandler: listers,
      schema: {
        summary: 'The students and enrollees whose assigned mentor is this mentor (by name, at most 500)',
        tags,
        params: MentorIdParams,
        response: Reply(StudentBriefList),
      },
    },
    async (request) => ok(await staff.ofMentor(request.params.id)),
  );

  app.get(
    '/api/fake/user/name/:studentId',
    {
      preHandler: requireRoles(VIEW_AS_ROLES),
      schema: {
        summary: 'The name of a student whose pages the caller may view',
        tags,
        params: StudentIdParams,
        response: Reply(StudentNameSchema),
      },
    },
    async (request) => ok(staff.name(await resolveSubject(request, request.params.studentId))),
  );

  app.get(
    '/api/fake/user/mentorName/:studentId',
    {
      preHandler: requireRoles(STAFF_VIEW_ROLES),
      schema: {
        summary: 'The assigned mentor of a student (null when none)',
        tags,
        params: StudentIdParams,
        response: Reply(MentorNameSchema),
      },
    },
    async (request) => ok(await staff.mentorName(await resolveSubject(request, request.params.studentId))),
  );

  app.studentRoute({
    method: 'GET',
    own: null,
    fake: '/api/fake/user/task/part/:courseTaskId/problem',
    fakeRoles: STAFF_VIEW_ROLES,
    summary: 'A course task’s statement as the student sees it (never answers, choices or tests)',
    tags,
    params: ProblemParams,
    response: TaskProblemSchema,
    handler: async (subject, { params }) => {
      const view = await tasks.load(subject, params.courseTaskId);
      return {
        courseTaskId: view.courseTaskId,
        title: view.title,
        type: view.type,
        description: view.description,
        taskPoints: view.taskPoints,
      };
    },
  });
}
