import { STAFF_VIEW_ROLES, type RoleName, type TaskKind } from '@academy/shared/contract';
import { TASK_KIND_REGISTRY } from '../../grading';
import { code, outcomesForStudent } from '../../grading/code-kind';
import { checkMentorAnswer, mentorCheck, sanitizeRichText, type AnswerType } from '../../grading/lecture-kinds';
import { errorText } from '../../plugins/errors';
import { ApiError, badRequest, locked, notFound } from '../../common/errors';
import type { Subject } from '../../plugins/subject';
import { mayView, moduleBlocked } from '../courses/tree';
import { sendVerdictNotice } from '../notifications/academy';
import { UNOPENED_STATE_ID, type TaskState } from '../task-state/task-state';
import type { HistoryPageQuery, TaskRow } from './repository';
import type { TaskGate, TaskServiceDeps } from './task-deps';
import { formatDateTime } from '../../common/dates';
import { gradeCode, queueRun } from './code-grading';
import { isQueuedLanguage } from '../code-runs/runner';
import { checkKind, trialLock } from './task-rules';
import { answerLimit } from './answer-limit';
import { createTaskView, type Verdict } from './task-view';

/**
 * The task rules: who may open a task, grading, mentor checks, history; state changes go to task-state.
 * `gate`: the area's rule of which tasks are the student's (the course pages' by default).
 */
export function createTaskService(deps: TaskServiceDeps, gate?: TaskGate) {
  const { db, clock, settings, tasks, courses, catalog, progress, states, queue, runs, rateLimiter, grading } = deps;

  async function findTask(taskId: number): Promise<TaskRow> {
    const task = await tasks.findTask(taskId);
    if (!task) throw notFound('server.noTask', { id: taskId });
    return task;
  }

  /**
   * The task as the student may use it: the course must be visible to them (else 404), and they
   * must be enrolled in it with the task's module open (else 423, spec 2 §8). The content comes from
   * the instance's catalog and the student's state from the progress cache (current after their own
   * answer), so a warm task load asks the database only for the student's work on it.
   */
  async function courseTask(subject: Subject, taskId: number): Promise<TaskRow> {
    const { student } = subject;
    const [content, state] = await Promise.all([catalog.catalog(), progress(student.id)]);
    const courseId = content.taskCourse.get(taskId);
    const course = courseId === undefined ? undefined : content.byId.get(courseId);
    if (courseId === undefined || !course || !mayView(course, student, state)) throw notFound('server.noTask', { id: taskId });
    const task = await catalog.task(content, taskId);
    if (!task) throw notFound('server.noTask', { id: taskId });
    if (!state.enrolled.has(courseId)) throw locked('server.courseNotEnrolled');
    if (moduleBlocked(content, state, courseId, task.module_id)) throw locked('server.moduleBlocked');
    return task;
  }
  const openTask: TaskGate = gate ?? courseTask;

  const view = createTaskView(tasks, runs, settings, (stateId) => states.byId(stateId));

  /**
   * Only the student's own load records "opened"; a view-as-student read looks without writing. A task
   * opened before is in the student's progress, which the gate has just read (cached, current after their
   * own answers): no query then, unless its last answer is too long to be kept there.
   */
  async function stateOf(subject: Subject, task: TaskRow): Promise<TaskState> {
    if (subject.fake) return states.peek(subject.student.id, task.id);
    const kept = (await progress(subject.student.id)).tasks.get(task.id)?.row;
    return kept ?? states.opened(subject.student.id, task.id);
  }

  const reloaded = async (subject: Subject, task: TaskRow, state: TaskState) => view(subject, task, await states.byId(state.id));

  const limit = answerLimit(rateLimiter, states);

  /**
   * A student's task state by its id, only the subject's; a task of someone else is a 404. Read from the
   * student's kept progress when it holds the row (as the task page is, current after their own answers),
   * else from the database: an answer then costs only its own statement.
   */
  async function subjectState(subject: Subject, studentTaskId: number) {
    const { tasks: kept } = await progress(subject.student.id);
    let state: TaskState | undefined;
    for (const task of kept.values()) {
      if (task.row?.id !== studentTaskId) continue;
      state = task.row;
      break;
    }
    state ??= await states.findOfStudent(studentTaskId, subject.student.id);
    if (!state) throw notFound('server.noTask', { id: studentTaskId });
    const task = await openTask(subject, state.task_id);
    return { state, task };
  }

  return {
    /** A task as the student sees it; `kind`, when the address names one, must be the task's. */
    async load(subject: Subject, courseTaskId: number, kind?: TaskKind) {
      const task = await openTask(subject, courseTaskId);
      if (kind) checkKind(task, kind);
      return view(subject, task, await stateOf(subject, task));
    },

    /** The task of one of the subject's task states (the gate's rule applies): what an answer to it must fit. */
    async taskOfState(subject: Subject, studentTaskId: number): Promise<TaskRow> {
      return (await subjectState(subject, studentTaskId)).task;
    },

    /** An administrator answering for a student a task they have not opened: the write opens it (its state id). */
    async openedByAdministrator(subject: Subject, id: number, courseTaskId: number): Promise<number> {
      if (id !== courseTaskId)
        throw badRequest('server.invalidRequest', {
          context: 'querystring',
          details: 'courseTaskId must be the id in the address',
        });
      const task = await openTask(subject, courseTaskId);
      return (await states.opened(subject.student.id, task.id)).id;
    },

    async studentTaskId(subject: Subject, courseTaskId: number): Promise<number> {
      const task = await openTask(subject, courseTaskId);
      const state = await stateOf(subject, task);
      if (state.id === UNOPENED_STATE_ID) throw notFound('server.taskNotOpened', { id: courseTaskId });
      return state.id;
    },

    /**
     * Grades an instant kind: a right answer solves the task (points once), a wrong one is kept. At most
     * `ANSWER_LIMITS` a minute per student; a refused or invalid answer is neither counted nor logged.
     */
    async solveInstant(subject: Subject, studentTaskId: number, kind: TaskKind, body: unknown) {
      const { state, task } = await subjectState(subject, studentTaskId);
      checkKind(task, kind);
      const grader = TASK_KIND_REGISTRY[task.kind].grader;
      if (!grader) throw badRequest('server.wrongKind', { id: task.id, kind: task.kind, expected: kind });
      if (state.solved) throw badRequest('server.taskAlreadySolved');
      const grade = grader.grade(task.data, body);
      let moved: TaskState | null;
      if (task.kind === 'multi_test') {
        // a quiz's try is counted between the reservation and the move
        await limit.allowed(subject);
        await states.quizTryReserved(state);
        if (grade.right) await states.quizTryReturned(state);
        moved = grade.right
          ? await states.answeredRight(state, task.points, grade.stored)
          : await states.answeredWrong(state, grade.stored);
      } else moved = await limit.moved(subject, state, grade.right, task.points, grade.stored);
      return moved ? view(subject, task, moved) : reloaded(subject, task, state);
    },

    /** Runs the task's tests on the solution in the sandbox; the submission and the state in one transaction. */
    async solveCode(subject: Subject, studentTaskId: number, solution: string) {
      const { state, task } = await subjectState(subject, studentTaskId);
      checkKind(task, 'code');
      const trial = trialLock(subject, task);
      if (trial) throw trial;
      if (state.solved) throw badRequest('server.taskAlreadySolved');
      if (!solution.trim()) throw badRequest('server.answerEmpty');
      const data = code.dataOf(task);
      // Java, Go, Python: queued for a grader; the view carries the run, and the page follows its progress
      if (isQueuedLanguage(data.language)) {
        await queueRun(grading, runs, { stateId: state.id, userId: subject.viewer.id, data, solution });
        return reloaded(subject, task, state);
      }
      const results = await gradeCode(grading, data, solution, subject.viewer.id);
      await states.codeGraded(
        state,
        task.points,
        solution,
        results,
        results.every((r) => r.passed),
      );
      return reloaded(subject, task, state);
    },

    /** Marks a lecture read; a read of an unread one counts against the answers' limit (a second read changes nothing). */
    async solveLecture(subject: Subject, studentTaskId: number) {
      const { state, task } = await subjectState(subject, studentTaskId);
      checkKind(task, 'lecture');
      if (state.solved) return view(subject, task, state);
      const moved = await limit.moved(subject, state, true, task.points, null);
      return moved ? view(subject, task, moved) : reloaded(subject, task, state);
    },

    async reset(subject: Subject, studentTaskId: number) {
      const { state, task } = await subjectState(subject, studentTaskId);
      // a run still being graded is taken back with the answer: its result will be kept nowhere
      if (task.kind === 'code') await runs.cancel(state.id);
      await states.reset(state);
      return reloaded(subject, task, state);
    },

    /** Sends a mentor-check answer (checked by its type); one waits at a time. */
    async sendForCheck(subject: Subject, studentTaskId: number, raw: unknown) {
      const { state, task } = await subjectState(subject, studentTaskId);
      checkKind(task, 'mentorCheckTask');
      const trial = trialLock(subject, task);
      if (trial) throw trial;
      if (typeof raw !== 'string') throw badRequest('server.answerNotText');
      if (raw.length > 20_000) throw badRequest('server.answerTooLong');
      const answerType: AnswerType = mentorCheck.dataOf(task).answerType ?? 'SINGLE_LINE_TEXT';
      const answer = checkMentorAnswer(answerType, raw);
      if (state.solved && state.checked) throw badRequest('server.taskAccepted');
      if (answerType === 'UNIQUE_LINK' && (await tasks.linkTakenByOther(task.id, subject.student.id, answer)))
        throw badRequest('server.linkTaken');
      await states.sentForCheck(state, answer);
      return reloaded(subject, task, state);
    },

    async withdraw(subject: Subject, studentTaskId: number) {
      const { state, task } = await subjectState(subject, studentTaskId);
      checkKind(task, 'mentorCheckTask');
      await states.withdrawn(state);
      return reloaded(subject, task, state);
    },

    /**
     * A mentor's verdict on the task's waiting answer (only it, only while it waits). The mentor takes
     * the answer first, as the queue does (docs/courses.md, "Mentor queue"): refused while another mentor's take lasts.
     */
    async giveVerdict(
      mentor: { id: number; role: RoleName },
      studentTaskId: number,
      answerId: number,
      verdict: { mentorComment: string; right: boolean },
      zone: string,
    ) {
      const mentorComment = sanitizeRichText(verdict.mentorComment);
      const submission = await tasks.findSubmission(studentTaskId, answerId);
      if (!submission || submission.kind !== 'mentorCheckTask')
        throw notFound('server.noAnswerToCheck', { answerId, id: studentTaskId });
      await queue.claimForVerdict(submission.id, mentor, zone);
      await states.verdictGiven(submission.state_id, submission.id, {
        right: verdict.right,
        mentorComment,
        mentorId: mentor.id,
        points: submission.points,
      });
      await sendVerdictNotice(db, { stateId: submission.state_id, right: verdict.right }, clock.now());
      return { mentorComment, right: verdict.right };
    },

    async referenceSolution(courseTaskId: number) {
      const task = await tasks.findTask(courseTaskId);
      if (!task || task.kind !== 'code') throw notFound('server.noTask', { id: courseTaskId });
      const data = code.dataOf(task);
      return { solution: data.solution, codeLang: data.language };
    },

    /**
     * Availability (spec 2 §6–7): may the signed-in user work on this task? Staff always may; a
     * student when enrolled with the module open, and for code and mentor checks not on a trial.
     */
    async availability(subject: Subject, courseTaskId: number, kind: TaskKind | null, request: Parameters<typeof errorText>[0]) {
      const task = await findTask(courseTaskId);
      // a task of a course the student cannot see answers as a missing one, its kind untold
      const staff = STAFF_VIEW_ROLES.includes(subject.viewer.role);
      if (!staff && !(await courses.findVisibleCourse(task.course_id, subject.student)))
        throw notFound('server.noTask', { id: courseTaskId });
      if (kind) checkKind(task, kind);
      if (staff) return { available: true, reason: null, reasonKey: null };
      const refusal = (error: ApiError) => ({
        available: false,
        reason: errorText(request, error),
        reasonKey: error.key.replace(/^server\./, ''),
      });
      try {
        await openTask(subject, task.id);
      } catch (error) {
        if (error instanceof ApiError && error.status === 423) return refusal(error);
        throw error;
      }
      const trial = trialLock(subject, task);
      return trial ? refusal(trial) : { available: true, reason: null, reasonKey: null };
    },

    /** One page of a task's submissions (spec 2 §2.8): `limit` rows after the row `after` in the chosen order. */
    async history(subject: Subject, studentTaskId: number, query: HistoryPageQuery, zone: string) {
      const state = await states.findOfStudent(studentTaskId, subject.student.id);
      if (!state) throw notFound('server.noTask', { id: studentTaskId });
      const task = await findTask(state.task_id);
      const rows = await tasks.history(state.id, query);
      return rows.map((row) => ({
        id: row.id,
        date: formatDateTime(row.created_at, zone),
        answer: row.answer,
        // a code submission's outcomes as the task view shows them: hidden tests pass or fail, nothing more
        result: task.kind === 'code' ? outcomesForStudent(code.dataOf(task), row.result) : ((row.result ?? null) as Verdict),
        right: row.right_answer,
        codeLang: task.kind === 'code' ? code.dataOf(task).language : null,
        answerType: task.kind === 'mentorCheckTask' ? (mentorCheck.dataOf(task).answerType ?? null) : null,
        courseTask: { task: { type: task.kind } },
      }));
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
