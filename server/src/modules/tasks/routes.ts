import type { FastifyRequest } from 'fastify';
import { Type, type TObject } from 'typebox';
import { STAFF_VIEW_ROLES, TASK_KIND_PATHS, TASK_KINDS, type TaskKind } from '@academy/shared/contract';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { TASK_KIND_REGISTRY } from '../../grading';
import { CodePayload } from '../../grading/code-kind';
import { badRequest, ok } from '../../common/errors';
import { currentUser, requireRoles } from '../../plugins/guards';
import { COURSE_AREA_ROLES, COURSE_LEARNER_ROLES, VIEW_AS_ROLES, type Subject } from '../../plugins/subject';
import {
  AnswerBody,
  AnswerQuery,
  Availability,
  AvailabilityParams,
  CourseTaskParams,
  CourseTaskQuery,
  HistoryQuery,
  MentorVerdict,
  ReferenceSolution,
  SolutionRow,
  StateParams,
  taskViewSchema,
  VerdictBody,
  VerdictParams,
} from './schemas';
import { createSubmissionKeys } from './submission-keys';

const tags = ['tasks'];

/** The spellings a kind has in addresses: its path spelling and its own name (`multiTest`, `multi_test`). */
const spellings = (kind: TaskKind) => [...new Set([TASK_KIND_PATHS[kind], kind])];

/** An administrator's answer for a student is logged with both ids. */
function logAnswerForStudent(subject: Subject, request: FastifyRequest): void {
  if (subject.fake) request.log.info({ adminId: subject.viewer.id, studentId: subject.student.id }, 'answer for a student');
}

/** Tasks (spec 1 §7, spec 2 §2.2–2.8): loading, solving, mentor checks, availability, history. */
export default async function tasksModule(app: App): Promise<void> {
  const tasks = app.taskService();
  // a submission that names a key (the Idempotency-Key header) is graded once, however often it is sent
  const keyed = createSubmissionKeys(app.db);
  // who may call what: answers are the paying student's; a page view is also staff's and classmates'
  const learners = COURSE_LEARNER_ROLES;
  const pageRoles = { ownRoles: COURSE_AREA_ROLES, fakeRoles: VIEW_AS_ROLES };
  // spec 2 §2.8: the history of another student is not for a paying student
  const historyRoles = { ownRoles: COURSE_AREA_ROLES, fakeRoles: STAFF_VIEW_ROLES };

  // Loading a task, own and view-as-student: one address per kind, its reply bounded by the kind's view.
  for (const kind of TASK_KINDS) {
    for (const spelling of spellings(kind)) {
      app.studentRoute({
        method: 'GET',
        own: `/api/student/task/:courseTaskId/${spelling}`,
        fake: `/api/fake/user/task/:courseTaskId/${spelling}`,
        ...pageRoles,
        // the student's own first load records that the task was opened (spec 1 §2): a state change
        changesState: true,
        summary: `A ${kind} task as the student sees it (never the right answers)`,
        tags,
        params: CourseTaskParams,
        response: taskViewSchema(TASK_KIND_REGISTRY[kind].view.schema),
        handler: (subject, { params }) => tasks.load(subject, params.courseTaskId, kind),
      });
    }
  }
  app.studentRoute({
    method: 'GET',
    own: '/api/student/task/:courseTaskId/:taskKind',
    fake: '/api/fake/user/task/:courseTaskId/:taskKind',
    ...pageRoles,
    summary: 'A task under an unknown kind name: refused',
    tags,
    params: Type.Object({ courseTaskId: CourseTaskParams.properties.courseTaskId, taskKind: Type.String({ maxLength: 40 }) }),
    response: Type.Null(),
    handler: async (_subject, { params }) => {
      throw badRequest('server.unknownKind', { kind: params.taskKind });
    },
  });
  app.studentRoute({
    method: 'GET',
    own: '/api/student/task/:courseTaskId/studentCourseTaskInfoId',
    fake: '/api/fake/user/task/:courseTaskId/studentCourseTaskInfoId',
    ...historyRoles,
    changesState: true,
    summary: 'The student’s task state id of a course task',
    tags,
    params: CourseTaskParams,
    response: Type.Integer(),
    handler: (subject, { params }) => tasks.studentTaskId(subject, params.courseTaskId),
  });

  // A view-as read never opens a task (it shows studentTaskId 0 until the student does): an administrator
  // answering such a task names the course task instead (`?courseTaskId=`, the same id in the address),
  // and that write opens it for the student.
  const ForStudentQuery = Type.Object({ courseTaskId: Type.Optional(CourseTaskQuery.properties.courseTaskId) });
  const answeredState = (subject: Subject, id: number, courseTaskId: number | undefined) =>
    subject.fake && courseTaskId !== undefined ? tasks.openedByAdministrator(subject, id, courseTaskId) : id;

  // Solving: the kind's payload, graded on the server. Own: the student; for a student: an administrator
  // (support: a lost answer, a broken task), logged. Mentors and curators only look.
  for (const kind of TASK_KINDS) {
    const grader = TASK_KIND_REGISTRY[kind].grader;
    if (!grader) continue;
    for (const spelling of spellings(kind)) {
      app.studentRoute({
        method: 'POST',
        own: `/api/student/taskInfo/:id/${spelling}`,
        fake: `/api/fake/user/task/:id/${spelling}`,
        ownRoles: learners,
        fakeRoles: ['ADMIN'],
        summary: `Answer a ${kind} task`,
        tags,
        params: StateParams,
        querystring: ForStudentQuery,
        body: grader.payload,
        response: taskViewSchema(TASK_KIND_REGISTRY[kind].view.schema),
        handler: async (subject, { params, query, body, request }) => {
          logAnswerForStudent(subject, request);
          const id = await answeredState(subject, params.id, query.courseTaskId);
          return keyed.once(subject, request, id, () => tasks.solveInstant(subject, id, kind, body));
        },
      });
    }
  }
  app.studentRoute({
    method: 'POST',
    own: '/api/student/taskInfo/:id/code',
    fake: '/api/fake/user/task/:id/code',
    ownRoles: learners,
    fakeRoles: ['ADMIN'],
    summary: 'Send a solution of a code task: it runs against the task’s tests in the sandbox',
    tags,
    params: StateParams,
    querystring: ForStudentQuery,
    body: CodePayload,
    response: taskViewSchema(TASK_KIND_REGISTRY.code.view.schema),
    handler: async (subject, { params, query, body, request }) => {
      logAnswerForStudent(subject, request);
      const id = await answeredState(subject, params.id, query.courseTaskId);
      return keyed.once(subject, request, id, () => tasks.solveCode(subject, id, body.solution));
    },
  });

  // a reset answers with the task's view, whichever kind it is
  const anyKindViews: TObject[] = TASK_KINDS.map((kind) => taskViewSchema(TASK_KIND_REGISTRY[kind].view.schema));
  const ownOnly = { fake: null, ownRoles: learners, tags, params: StateParams } as const;
  app.studentRoute({
    ...ownOnly,
    method: 'GET',
    own: '/api/student/taskInfo/:id/solve-lecture',
    summary: 'Solve a lecture (on open)',
    // a GET by the spec, but it changes the student's task: guarded against cross-site requests
    changesState: true,
    response: taskViewSchema(TASK_KIND_REGISTRY.lecture.view.schema),
    handler: (subject, { params }) => tasks.solveLecture(subject, params.id),
  });
  app.studentRoute({
    ...ownOnly,
    method: 'POST',
    own: '/api/student/taskInfo/:id/reset',
    summary: 'Reset a task to answer it again (the points stay awarded)',
    // one of the kinds' views: the union bounds the reply, the service's type is the common view
    response: Type.Unsafe<Awaited<ReturnType<typeof tasks.reset>>>(Type.Union(anyKindViews)),
    handler: (subject, { params }) => tasks.reset(subject, params.id),
  });

  // Mentor check, the student's side: send an answer (query `answer`, or a body), or take it back while it waits.
  const mentorView = taskViewSchema(TASK_KIND_REGISTRY.mentorCheckTask.view.schema);
  app.studentRoute({
    ...ownOnly,
    method: 'POST',
    own: '/api/student/taskInfo/:id/mentorCheckTask',
    summary: 'Send an answer for the mentor’s check',
    querystring: AnswerQuery,
    body: AnswerBody,
    response: mentorView,
    handler: (subject, { params, query, body, request }) =>
      keyed.once(subject, request, params.id, () => tasks.sendForCheck(subject, params.id, query.answer ?? body?.answer ?? '')),
  });
  app.studentRoute({
    ...ownOnly,
    method: 'DELETE',
    own: '/api/student/taskInfo/:id/mentorCheckTask',
    summary: 'Take back the answer that waits for the mentor’s check',
    response: mentorView,
    handler: (subject, { params }) => tasks.withdraw(subject, params.id),
  });

  // The history of code and mentor-check submissions (spec 2 §2.8), own and view-as-student.
  app.studentRoute({
    method: 'GET',
    own: '/api/student/taskInfo/:id/solutions',
    fake: '/api/fake/user/taskInfo/:id/solutions',
    ...historyRoles,
    summary: 'A page of a task’s submissions: `limit` (default 20, at most 50), then `after` = the last id for the next',
    tags,
    params: StateParams,
    querystring: HistoryQuery,
    response: Type.Array(SolutionRow),
    handler: (subject, { params, query, request }) => tasks.history(subject, params.id, query, request.zoneId),
  });

  // Availability of a task for the signed-in user.
  const CHECKED_KINDS = { codeTask: 'code', mentorCheckTask: 'mentorCheckTask', common: null } as const;
  app.studentRoute({
    method: 'GET',
    own: '/api/fake/open/check/:check',
    fake: null,
    ownRoles: COURSE_AREA_ROLES,
    summary: 'Whether the signed-in user may work on a task',
    tags,
    params: AvailabilityParams,
    querystring: CourseTaskQuery,
    response: Availability,
    handler: (subject, { params, query, request }) =>
      tasks.availability(subject, query.courseTaskId, CHECKED_KINDS[params.check], request),
  });

  // The mentor's side: the verdict on a student's answer, and the reference solution of code tasks.
  const mentors = requireRoles(['MENTOR', 'CHIEF_MENTOR']);
  app.post(
    '/api/fake/protect/user/taskInfo/:studentTaskId/answer/:answerId/mentorAnswer',
    {
      preHandler: mentors,
      schema: {
        summary: 'A mentor’s verdict on the waiting answer',
        tags,
        params: VerdictParams,
        body: VerdictBody,
        response: Reply(MentorVerdict),
      },
    },
    async (request) =>
      ok(
        await tasks.giveVerdict(
          currentUser(request),
          request.params.studentTaskId,
          request.params.answerId,
          request.body,
          request.zoneId,
        ),
      ),
  );
  app.get(
    '/api/fake/protect/student/task/referenceSolution',
    {
      preHandler: mentors,
      schema: {
        summary: 'The reference solution of a code task (mentors)',
        tags,
        querystring: CourseTaskQuery,
        response: Reply(ReferenceSolution),
      },
    },
    async (request) => ok(await tasks.referenceSolution(request.query.courseTaskId)),
  );
}
