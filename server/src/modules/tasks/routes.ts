import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { MULTI_TEST_TRIES, STAFF_VIEW_ROLES, type Language, type TaskKind } from '@academy/shared/contract';
import { GRADERS, PATH_KINDS } from '../../grading';
import type { SandboxTest, TestOutcome } from '../../grading/sandbox/pool';
import { ApiError, badRequest, notFound, ok } from '../../plugins/errors';
import { requireRoles, requireUser } from '../../plugins/session';
import { createCourseRepository } from '../courses/repository';
import { buildModuleViews } from '../courses/service';
import { resolveSubject, studentIdQuery, type Subject } from '../courses/subject';
import { checkMentorAnswer, mentorRoutes, type AnswerType } from './mentor-check';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

interface TaskRow {
  id: number;
  kind: TaskKind;
  title: string;
  points: number;
  description_html: string;
  data: Record<string, unknown>;
  course_id: number;
  module_id: number;
}

interface StudentTaskRow {
  id: number;
  student_id: number;
  task_id: number;
  solved: boolean;
  checked: boolean;
  last_action: 'RIGHT' | 'WRONG' | null;
  answer: unknown;
  points: number;
}

/** The columns of a student's task state the routes read. */
const STATE_COLUMNS = ['id', 'student_id', 'task_id', 'solved', 'checked', 'last_action', 'answer', 'points'] as const;

/** The fields of the kinds without an instant grader: lecture, code, mentor check. */
function otherKindFields(task: TaskRow, state: StudentTaskRow): Record<string, unknown> {
  if (task.kind === 'lecture') {
    return {
      video: (task.data.video as string | null) ?? null,
      videoCaptions: (task.data.videoCaptions as string | null) ?? null,
    };
  }
  if (task.kind === 'code') {
    const stored = state.answer as { solution?: string; results?: TestOutcome[] } | null;
    return {
      codeLang: task.data.language,
      placeholder: task.data.placeholder,
      answer: stored?.solution ?? task.data.placeholder,
      result: stored?.results ?? null,
      checkType: 'INTERNAL',
      mentorTaskReviewCommentDto: null,
    };
  }
  return {};
}

/** The mentor-check fields: the last answer, its id while it waits, the last verdict. */
async function mentorCheckFields(app: FastifyInstance, task: TaskRow, state: StudentTaskRow, viewerRole: string) {
  const last = await app.db
    .selectFrom('solutions')
    .select(['id', 'answer', 'result', 'right_answer'])
    .where('student_task_id', '=', state.id)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  const [latest, previous] = last;
  const verdict = (row: typeof latest) => (row?.result ?? null) as { mentorComment: string; right: boolean } | null;
  return {
    answerType: task.data.answerType,
    answer: (latest?.answer as { answer?: string } | undefined)?.answer ?? '',
    answerId: latest?.id ?? null,
    pending: latest !== undefined && latest.right_answer === null,
    checked: state.checked,
    result: verdict(latest),
    // spec 2 §2.4: the previous result is hidden from paying students
    prevResult: viewerRole === 'PAY_STUDENT' ? null : verdict(previous),
  };
}

/** dd.MM.yyyy HH:mm in the caller's time zone (the zoneId header). */
function formatDateTime(date: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

export default async function taskRoutes(app: FastifyInstance): Promise<void> {
  const courses = createCourseRepository(app.db);

  async function findTask(taskId: number): Promise<TaskRow> {
    const task = await app.db
      .selectFrom('course_tasks as t')
      .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
      .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
      .select(['t.id', 't.kind', 't.title', 't.points', 't.description_html', 't.data', 'm.course_id', 'm.id as module_id'])
      .where('t.id', '=', taskId)
      .executeTakeFirst();
    if (!task) throw notFound(`There is no task ${taskId}`);
    return task as TaskRow;
  }

  /**
   * The task as the student may use it: the course must be visible to them (else 404), and they
   * must be enrolled in it with the task's module open (else 423, spec 2 §8).
   */
  async function openTask(subject: Subject, taskId: number): Promise<TaskRow> {
    const task = await findTask(taskId);
    const course = await courses.findVisibleCourse(task.course_id, subject.student);
    if (!course) throw notFound(`There is no task ${taskId}`);
    const [enrolled, tree] = await Promise.all([
      courses.isEnrolled(subject.student.id, task.course_id),
      courses.courseTree(task.course_id, subject.student.id),
    ]);
    const module = buildModuleViews(tree.rows, tree.unlocked).find((m) => m.moduleId === task.module_id);
    if (!enrolled) throw new ApiError(423, 'Enrol in the course to open its tasks', 'courseNotEnrolled');
    if (module?.blocked) throw new ApiError(423, 'This task opens when the previous module is complete', 'moduleBlocked');
    return task;
  }

  async function studentTask(studentId: number, taskId: number): Promise<StudentTaskRow> {
    await app.db
      .insertInto('student_tasks')
      .values({ student_id: studentId, task_id: taskId, last_action: null, answer: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return (await app.db
      .selectFrom('student_tasks')
      .select(STATE_COLUMNS)
      .where('student_id', '=', studentId)
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow()) as StudentTaskRow;
  }

  function checkKind(task: TaskRow, pathKind: string): void {
    const kind = PATH_KINDS[pathKind];
    if (!kind) throw badRequest(`Unknown task kind "${pathKind}"`);
    if (kind !== task.kind) throw badRequest(`Task ${task.id} is a ${task.kind} task, not ${kind}`);
  }

  /** The student's view of a task: its text and choices, their last answer, never the right answers. */
  function taskDto(task: TaskRow, state: StudentTaskRow) {
    const grader = GRADERS[task.kind];
    const kindFields = grader ? grader.view(task.data as never, state.answer) : otherKindFields(task, state);
    return {
      courseTaskId: task.id,
      studentTaskId: state.id,
      taskId: task.id,
      type: task.kind,
      title: task.title,
      description: task.description_html,
      taskPoints: task.points,
      solved: state.solved,
      resolved: state.solved,
      lastActionIsRight: state.last_action === 'RIGHT',
      lastActionIsWrong: state.last_action === 'WRONG',
      ...kindFields,
    };
  }

  // Loading a task, own and view-as-student.
  const taskParams = {
    type: 'object',
    required: ['courseTaskId', 'taskKind'],
    properties: { courseTaskId: id, taskKind: { type: 'string', maxLength: 40 } },
  } as const;
  const load = (mode: 'own' | 'fake') => async (request: FastifyRequest) => {
    const { courseTaskId, taskKind } = request.params as { courseTaskId: number; taskKind: string };
    const subject = await resolveSubject(request, mode);
    const task = await openTask(subject, courseTaskId);
    checkKind(task, taskKind);
    const state = await studentTask(subject.student.id, task.id);
    const dto = taskDto(task, state);
    if (task.kind !== 'mentorCheckTask') return ok(dto);
    return ok({ ...dto, ...(await mentorCheckFields(app, task, state, subject.viewer.role)) });
  };
  const infoId = (mode: 'own' | 'fake') => async (request: FastifyRequest) => {
    const { courseTaskId } = request.params as { courseTaskId: number };
    const subject = await resolveSubject(request, mode);
    const task = await openTask(subject, courseTaskId);
    return ok((await studentTask(subject.student.id, task.id)).id);
  };
  const infoParams = { type: 'object', required: ['courseTaskId'], properties: { courseTaskId: id } } as const;
  app.get(
    '/api/student/task/:courseTaskId/studentCourseTaskInfoId',
    { preHandler: requireUser, schema: { params: infoParams } },
    infoId('own'),
  );
  app.get(
    '/api/fake/user/task/:courseTaskId/studentCourseTaskInfoId',
    { preHandler: requireUser, schema: { params: infoParams, querystring: studentIdQuery } },
    infoId('fake'),
  );
  app.get('/api/student/task/:courseTaskId/:taskKind', { preHandler: requireUser, schema: { params: taskParams } }, load('own'));
  app.get(
    '/api/fake/user/task/:courseTaskId/:taskKind',
    { preHandler: requireUser, schema: { params: taskParams, querystring: studentIdQuery } },
    load('fake'),
  );

  /**
   * A student's task state by its id, for the student themselves (own) or for the student a staff
   * member is viewing (fake); a task of someone else is a 404.
   */
  async function subjectState(request: FastifyRequest, mode: 'own' | 'fake', studentTaskId: number) {
    const subject = await resolveSubject(request, mode);
    const state = (await app.db
      .selectFrom('student_tasks')
      .select(STATE_COLUMNS)
      .where('id', '=', studentTaskId)
      .where('student_id', '=', subject.student.id)
      .executeTakeFirst()) as StudentTaskRow | undefined;
    if (!state) throw notFound(`There is no task ${studentTaskId} of ${mode === 'own' ? 'yours' : 'this student'}`);
    const task = await openTask(subject, state.task_id);
    return { subject, state, task };
  }
  const ownState = (request: FastifyRequest, studentTaskId: number) => subjectState(request, 'own', studentTaskId);

  /**
   * Marks the task solved. Points are given only when it was never solved before: one conditional
   * UPDATE, so two right answers at the same moment cannot both award them.
   */
  async function markSolved(state: StudentTaskRow, task: TaskRow, stored: unknown) {
    await app.db
      .updateTable('student_tasks')
      .set({
        solved: true,
        last_action: 'RIGHT',
        answer: JSON.stringify(stored),
        points: sql<number>`case when ever_solved then points else ${task.points} end`,
        ever_solved: true,
        updated_at: new Date(),
      })
      .where('id', '=', state.id)
      .where('solved', '=', false)
      .execute();
  }

  async function stateById(id: number): Promise<StudentTaskRow> {
    return (await app.db
      .selectFrom('student_tasks')
      .select(STATE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as StudentTaskRow;
  }

  async function reload(state: StudentTaskRow, task: TaskRow) {
    return taskDto(task, await stateById(state.id));
  }

  const studentRoles = requireRoles(['PAY_STUDENT', 'STUDENT']);
  const stateParams = { type: 'object', required: ['id'], properties: { id } } as const;

  /**
   * Code tasks and mentor checks are part of the full programme: a TRIAL student (the /demo
   * registration) sees them but cannot submit (spec 2 §6: availability is the server's answer).
   */
  function trialLock(subject: Subject, task: TaskRow): ApiError | null {
    if (subject.student.payment_type !== 'TRIAL') return null;
    if (task.kind === 'code')
      return new ApiError(423, 'Code tasks open with the full programme: the trial covers the other tasks', 'trialLocked');
    if (task.kind === 'mentorCheckTask')
      return new ApiError(423, 'Mentor checks open with the full programme: the trial covers the other tasks', 'trialLocked');
    return null;
  }

  /**
   * A multi-test has few choices per question, so trying them all would solve it: each try is
   * reserved with one conditional UPDATE (concurrent tries cannot exceed the limit), and when the
   * wrong tries of the window are used up the next one is a 423 (spec 2 §8) saying when it opens.
   */
  async function reserveQuizTry(state: StudentTaskRow, language: Language) {
    const windowMs = MULTI_TEST_TRIES.windowMinutes * 60_000;
    await app.db
      .updateTable('student_tasks')
      .set({ wrong_tries: 0, tries_window_start: null })
      .where('id', '=', state.id)
      .where('tries_window_start', '<', new Date(Date.now() - windowMs))
      .execute();
    const reserved = await app.db
      .updateTable('student_tasks')
      .set({
        wrong_tries: sql<number>`wrong_tries + 1`,
        tries_window_start: sql<Date>`coalesce(tries_window_start, ${new Date()})`,
      })
      .where('id', '=', state.id)
      .where('wrong_tries', '<', MULTI_TEST_TRIES.wrong)
      .returning('id')
      .executeTakeFirst();
    if (reserved) return;
    const row = await app.db
      .selectFrom('student_tasks')
      .select('tries_window_start')
      .where('id', '=', state.id)
      .executeTakeFirstOrThrow();
    const opensAt = new Date(row.tries_window_start ?? Date.now()).getTime() + windowMs;
    const minutes = Math.max(1, Math.ceil((opensAt - Date.now()) / 60_000));
    const text =
      language === 'en'
        ? `You have used ${MULTI_TEST_TRIES.wrong} tries: the test opens again in ${minutes} min. Re-read the lesson meanwhile.`
        : `Вы использовали ${MULTI_TEST_TRIES.wrong} попытки: тест снова откроется через ${minutes} мин. Пока перечитайте материал.`;
    throw new ApiError(423, text, 'quizTriesUsed');
  }

  /** Grades an instant kind and stores the outcome; a right answer marks the task solved (points once). */
  async function gradeInstant(subject: Subject, state: StudentTaskRow, task: TaskRow, body: unknown) {
    const grader = GRADERS[task.kind];
    if (!grader) throw badRequest(`A ${task.kind} task is not graded here`);
    if (state.solved) throw badRequest('The task is already solved: reset it to answer again', 'taskAlreadySolved');
    const grade = grader.grade(task.data as never, body as never);
    if (task.kind === 'multi_test') {
      await reserveQuizTry(state, subject.viewer.language);
      if (grade.right) {
        // a right answer does not use up a try
        await app.db
          .updateTable('student_tasks')
          .set({ wrong_tries: sql<number>`greatest(wrong_tries - 1, 0)` })
          .where('id', '=', state.id)
          .execute();
      }
    }
    if (grade.right) {
      await markSolved(state, task, grade.stored);
    } else {
      await app.db
        .updateTable('student_tasks')
        .set({ last_action: 'WRONG', answer: JSON.stringify(grade.stored), updated_at: new Date() })
        .where('id', '=', state.id)
        .where('solved', '=', false)
        .execute();
    }
    return reload(state, task);
  }

  /** Runs the task's tests on the solution in the sandbox; every submission is kept. */
  async function gradeCode(subject: Subject, state: StudentTaskRow, task: TaskRow, solution: string) {
    const locked = trialLock(subject, task);
    if (locked) throw locked;
    if (state.solved) throw badRequest('The task is already solved: reset it to answer again', 'taskAlreadySolved');
    if (!solution.trim()) throw badRequest('Write your solution first', 'answerEmpty');
    const tests = task.data.tests as SandboxTest[];
    const language = task.data.language as 'javascript' | 'typescript';
    let results: TestOutcome[];
    try {
      results = await app.sandbox.run(solution, language, tests);
    } catch (error) {
      const text = error instanceof Error ? error.message : 'The sandbox failed';
      results = tests.map((test) => ({ name: test.name, passed: false, expected: test.expected, actual: null, error: text }));
    }
    const right = results.every((r) => r.passed);
    const stored = { solution, results };
    await app.db
      .insertInto('solutions')
      .values({
        student_task_id: state.id,
        answer: JSON.stringify({ solution }),
        result: JSON.stringify(results),
        right_answer: right,
      })
      .execute();
    if (right) {
      await markSolved(state, task, stored);
      await app.db.updateTable('student_tasks').set({ need_to_resolve: false }).where('id', '=', state.id).execute();
    } else {
      await app.db
        .updateTable('student_tasks')
        .set({ last_action: 'WRONG', answer: JSON.stringify(stored), updated_at: new Date() })
        .where('id', '=', state.id)
        .where('solved', '=', false)
        .execute();
    }
    return reload(state, task);
  }

  const codeBody = {
    type: 'object',
    required: ['solution'],
    properties: { taskType: { type: 'string', maxLength: 40 }, solution: { type: 'string', maxLength: 50_000 } },
    additionalProperties: false,
  } as const;

  /**
   * Solving, view-as-student (spec 1 §7, `POST /api/fake/user/task/{id}/{kind}?studentId`): an
   * administrator may answer for a student (support: a lost answer, a broken task). Mentors and
   * curators only look. `id` is the student's task id, as in the student's own call.
   */
  async function fakeState(request: FastifyRequest, studentTaskId: number) {
    const found = await subjectState(request, 'fake', studentTaskId);
    const { subject, task } = found;
    request.log.info({ adminId: subject.viewer.id, studentId: subject.student.id, taskId: task.id }, 'answer for a student');
    return found;
  }
  const admins = requireRoles(['ADMIN']);

  // Solving: the kind's payload, graded on the server; own and for a student.
  for (const [pathKind, kind] of Object.entries(PATH_KINDS)) {
    const grader = GRADERS[kind];
    if (!grader || pathKind === 'review_step') continue;
    app.post<{ Params: { id: number }; Body: unknown }>(
      `/api/student/taskInfo/:id/${pathKind}`,
      { preHandler: studentRoles, schema: { params: stateParams, body: grader.schema } },
      async (request) => {
        const { subject, state, task } = await ownState(request, request.params.id);
        checkKind(task, pathKind);
        return ok(await gradeInstant(subject, state, task, request.body));
      },
    );
    app.post<{ Params: { id: number }; Body: unknown }>(
      `/api/fake/user/task/:id/${pathKind}`,
      { preHandler: admins, schema: { params: stateParams, querystring: studentIdQuery, body: grader.schema } },
      async (request) => {
        const { subject, state, task } = await fakeState(request, request.params.id);
        checkKind(task, pathKind);
        return ok(await gradeInstant(subject, state, task, request.body));
      },
    );
  }
  app.post<{ Params: { id: number }; Body: { taskType?: string; solution: string } }>(
    '/api/student/taskInfo/:id/code',
    { preHandler: studentRoles, schema: { params: stateParams, body: codeBody } },
    async (request) => {
      const { subject, state, task } = await ownState(request, request.params.id);
      checkKind(task, 'code');
      return ok(await gradeCode(subject, state, task, request.body.solution));
    },
  );
  app.post<{ Params: { id: number }; Body: { taskType?: string; solution: string } }>(
    '/api/fake/user/task/:id/code',
    { preHandler: admins, schema: { params: stateParams, querystring: studentIdQuery, body: codeBody } },
    async (request) => {
      const { subject, state, task } = await fakeState(request, request.params.id);
      checkKind(task, 'code');
      return ok(await gradeCode(subject, state, task, request.body.solution));
    },
  );

  /**
   * Availability (spec 2 §6–7): may the signed-in user work on this task? Staff always may; a
   * student when enrolled with the module open, and for code and mentor checks not on a trial.
   */
  const CHECKED_KINDS: Record<string, TaskKind | null> = { codeTask: 'code', mentorCheckTask: 'mentorCheckTask', common: null };
  app.get<{ Params: { check: string }; Querystring: { courseTaskId: number } }>(
    '/api/fake/open/check/:check',
    {
      preHandler: requireUser,
      schema: {
        params: {
          type: 'object',
          required: ['check'],
          properties: { check: { type: 'string', enum: Object.keys(CHECKED_KINDS) } },
        },
        querystring: { type: 'object', required: ['courseTaskId'], properties: { courseTaskId: id } },
      },
    },
    async (request) => {
      const subject = await resolveSubject(request, 'own');
      const task = await findTask(request.query.courseTaskId);
      const kind = CHECKED_KINDS[request.params.check];
      if (kind && task.kind !== kind) throw badRequest(`Task ${task.id} is a ${task.kind} task, not ${kind}`);
      if (STAFF_VIEW_ROLES.includes(subject.viewer.role)) return ok({ available: true, reason: null, reasonKey: null });
      try {
        await openTask(subject, task.id);
      } catch (error) {
        if (error instanceof ApiError && error.status === 423)
          return ok({ available: false, reason: error.text, reasonKey: error.key ?? null });
        throw error;
      }
      const locked = trialLock(subject, task);
      return ok({ available: locked === null, reason: locked?.text ?? null, reasonKey: locked?.key ?? null });
    },
  );

  // The history of code and mentor-check submissions (spec 2 §2.8), own and view-as-student.
  const historyQuery = {
    type: 'object',
    properties: {
      filterResult: { type: 'string', enum: ['ALL', 'SUCCESS', 'FAILED'], default: 'ALL' },
      filterDate: { type: 'string', enum: ['NEW', 'OLD'], default: 'NEW' },
    },
  } as const;
  const history = (mode: 'own' | 'fake') => async (request: FastifyRequest) => {
    const subject = await resolveSubject(request, mode);
    const { id: stateId } = request.params as { id: number };
    const { filterResult, filterDate } = request.query as {
      filterResult: 'ALL' | 'SUCCESS' | 'FAILED';
      filterDate: 'NEW' | 'OLD';
    };
    const state = await app.db
      .selectFrom('student_tasks')
      .select(['id', 'task_id'])
      .where('id', '=', stateId)
      .where('student_id', '=', subject.student.id)
      .executeTakeFirst();
    if (!state) throw notFound(`There is no task ${stateId} of this student`);
    const task = await findTask(state.task_id);
    let query = app.db
      .selectFrom('solutions')
      .select(['id', 'answer', 'result', 'right_answer', 'created_at'])
      .where('student_task_id', '=', state.id);
    if (filterResult === 'SUCCESS') query = query.where('right_answer', '=', true);
    if (filterResult === 'FAILED') query = query.where('right_answer', '=', false);
    const order = filterDate === 'NEW' ? 'desc' : 'asc';
    const rows = await query.orderBy('created_at', order).orderBy('id', order).limit(200).execute();
    return ok(
      rows.map((row) => ({
        id: row.id,
        date: formatDateTime(row.created_at, request.zoneId),
        answer: row.answer,
        result: row.result,
        right: row.right_answer,
        codeLang: task.kind === 'code' ? task.data.language : null,
        answerType: task.kind === 'mentorCheckTask' ? task.data.answerType : null,
        courseTask: { task: { type: task.kind } },
      })),
    );
  };
  app.get(
    '/api/student/taskInfo/:id/solutions',
    { preHandler: requireUser, schema: { params: stateParams, querystring: historyQuery } },
    history('own'),
  );
  app.get(
    '/api/fake/user/taskInfo/:id/solutions',
    {
      preHandler: requireUser,
      schema: {
        params: stateParams,
        querystring: { ...historyQuery, required: ['studentId'], properties: { ...historyQuery.properties, studentId: id } },
      },
    },
    history('fake'),
  );

  // Mentor check, the student's side: send an answer, or take it back while it waits.
  const answerQuery = { type: 'object', properties: { answer: { type: 'string', maxLength: 20_000 } } } as const;
  app.post<{ Params: { id: number }; Querystring: { answer?: string }; Body: { answer?: string } | undefined }>(
    '/api/student/taskInfo/:id/mentorCheckTask',
    { preHandler: studentRoles, schema: { params: stateParams, querystring: answerQuery } },
    async (request) => {
      const { subject, state, task } = await ownState(request, request.params.id);
      checkKind(task, 'mentorCheckTask');
      const locked = trialLock(subject, task);
      if (locked) throw locked;
      const raw =
        request.query.answer ?? (typeof request.body === 'object' && request.body ? request.body.answer : undefined) ?? '';
      if (typeof raw !== 'string') throw badRequest('The answer must be text');
      if (raw.length > 20_000) throw badRequest('The answer must be at most 20000 characters', 'answerTooLong');
      const answerType = task.data.answerType as AnswerType;
      const answer = checkMentorAnswer(answerType, raw);
      const pending = await app.db
        .selectFrom('solutions')
        .select('id')
        .where('student_task_id', '=', state.id)
        .where('right_answer', 'is', null)
        .executeTakeFirst();
      if (pending) throw badRequest('Your answer is waiting for the mentor’s check: cancel it to send another', 'answerPending');
      if (state.solved && state.checked) throw badRequest('The task is already accepted', 'taskAccepted');
      if (answerType === 'UNIQUE_LINK') {
        const taken = await app.db
          .selectFrom('solutions as s')
          .innerJoin('student_tasks as st', 'st.id', 's.student_task_id')
          .select('s.id')
          .where('st.task_id', '=', task.id)
          .where('st.student_id', '!=', subject.student.id)
          .where(sql<string>`lower(rtrim(s.answer->>'answer', '/'))`, '=', answer.toLowerCase().replace(/\/$/, ''))
          .executeTakeFirst();
        if (taken)
          throw badRequest('This link has already been submitted by another student: send a link to your own work', 'linkTaken');
      }
      await app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('solutions')
          .values({ student_task_id: state.id, answer: JSON.stringify({ answer }), result: null, right_answer: null })
          .execute();
        // sent and waiting: solved but not checked (the need-check state of spec 1 §4)
        await trx
          .updateTable('student_tasks')
          .set({ solved: true, checked: false, last_action: null, answer: JSON.stringify({ answer }), updated_at: new Date() })
          .where('id', '=', state.id)
          .execute();
      });
      const fresh = await stateById(state.id);
      return ok({ ...taskDto(task, fresh), ...(await mentorCheckFields(app, task, fresh, subject.viewer.role)) });
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/student/taskInfo/:id/mentorCheckTask',
    { preHandler: studentRoles, schema: { params: stateParams } },
    async (request) => {
      const { subject, state, task } = await ownState(request, request.params.id);
      checkKind(task, 'mentorCheckTask');
      const removed = await app.db
        .deleteFrom('solutions')
        .where('student_task_id', '=', state.id)
        .where('right_answer', 'is', null)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw badRequest('There is no answer waiting for a check', 'nothingPending');
      await app.db
        .updateTable('student_tasks')
        .set({ solved: false, checked: false, answer: null, updated_at: new Date() })
        .where('id', '=', state.id)
        .execute();
      const fresh = await stateById(state.id);
      return ok({ ...taskDto(task, fresh), ...(await mentorCheckFields(app, task, fresh, subject.viewer.role)) });
    },
  );

  await mentorRoutes(app);

  app.get<{ Params: { id: number } }>(
    '/api/student/taskInfo/:id/solve-lecture',
    { preHandler: studentRoles, schema: { params: stateParams } },
    async (request) => {
      const { state, task } = await ownState(request, request.params.id);
      if (task.kind !== 'lecture') throw badRequest(`Task ${task.id} is a ${task.kind} task, not a lecture`);
      await markSolved(state, task, null);
      return ok(await reload(state, task));
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/student/taskInfo/:id/reset',
    { preHandler: studentRoles, schema: { params: stateParams } },
    async (request) => {
      const { state, task } = await ownState(request, request.params.id);
      // the points stay awarded (ever_solved): solving again gives none, and none are taken
      await app.db
        .updateTable('student_tasks')
        .set({ solved: false, last_action: null, answer: null, checked: false, updated_at: new Date() })
        .where('id', '=', state.id)
        .execute();
      return ok(await reload(state, task));
    },
  );
}
