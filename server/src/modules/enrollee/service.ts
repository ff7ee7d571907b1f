import type { TSchema } from 'typebox';
import { taskKindFromPath, type EnrolleeHeading } from '@academy/shared/contract';
import type { UserRow } from '../../db/schema';
import { TASK_KIND_REGISTRY } from '../../grading';
import { CodePayload } from '../../grading/code-kind';
import { badRequest, notFound } from '../../common/errors';
import type { Subject } from '../../plugins/subject';
import { pictureUrl, type CourseRepository } from '../courses/repository';
import type { TaskRepository } from '../tasks/repository';
import type { TaskService } from '../tasks/service';
import type { TaskGate } from '../tasks/task-deps';
import type { EnrolleeRepository } from './repository';

/** Checks an answer against its kind's payload schema (the route's validator): a 400 with the details otherwise. */
export type PayloadCheck = (schema: TSchema, body: unknown) => void;

/** A step's answer as it arrives: the kind's fields, and the `taskType` every payload carries. */
type StepAnswer = { taskType?: string } & Record<string, unknown>;

/**
 * The enrollee's lesson steps (spec 2 §2.13): the tasks of the enrollee course of their own direction,
 * numbered from 1 in course order, every step open. Loading, answering, reading a lecture and resetting
 * are the tasks service's (the same grading, points once, answer limits and sandbox as the course
 * pages), behind this area's gate: a task outside that course answers as a missing one (404).
 */
export function createEnrolleeService(deps: {
  enrollees: EnrolleeRepository;
  courses: CourseRepository;
  taskRows: TaskRepository;
  /** the task rules behind a gate (the tasks area's `taskService`) */
  taskService: (gate: TaskGate) => TaskService;
}) {
  const { enrollees, courses, taskRows, taskService } = deps;

  /** The enrollee course of the user's direction; none (or no direction) is a 404. */
  async function courseOf(user: UserRow) {
    const course = user.direction ? await enrollees.courseOfDirection(user.direction) : undefined;
    if (!course) throw notFound('server.noEnrolleeCourse');
    return course;
  }

  // a step's task is one of that course's; any other task, a regular course's or another direction's, is not there
  const stepGate: TaskGate = async (subject, taskId) => {
    const direction = subject.student.direction;
    const [task, course] = await Promise.all([
      taskRows.findTask(taskId),
      direction ? enrollees.courseOfDirection(direction) : undefined,
    ]);
    if (!task || !course || task.course_id !== course.id) throw notFound('server.noTask', { id: taskId });
    return task;
  };
  const tasks = taskService(stepGate);

  return {
    /** The direction's icon: its enrollee course's picture (a public, versioned address). */
    async directionPic(subject: Subject) {
      const course = await courseOf(subject.student);
      return {
        direction: course.direction,
        directionName: await courses.directionName(course.direction, subject.student.language),
        directionPicUrl: pictureUrl(course),
      };
    },

    /** The course's figures and its steps, the step at `position` current; a position beyond the last is a 404. */
    async heading(subject: Subject, position: number): Promise<EnrolleeHeading> {
      const course = await courseOf(subject.student);
      const [steps, directionName] = await Promise.all([
        enrollees.steps(course.id, subject.student.id),
        courses.directionName(course.direction, subject.student.language),
      ]);
      const current = steps[position - 1];
      if (!current) throw notFound('server.noStepAt', { position });
      return {
        courseName: course.name,
        directionName,
        coursePoints: steps.reduce((sum, step) => sum + step.points, 0),
        studentPoints: steps.reduce((sum, step) => sum + step.student_points, 0),
        currentTaskPosition: position,
        currentTaskType: current.kind,
        taskIcons: steps.map((step, i) => ({
          position: i + 1,
          directionTaskId: step.task_id,
          taskType: step.kind,
          title: step.title,
          solved: step.solved,
          checked: step.checked,
          needToResolve: step.need_to_resolve,
          current: i + 1 === position,
        })),
      };
    },

    /**
     * The step's task as the course pages show a task (never the right answers); the student's own
     * load records that it was opened, as there. The task must be the one at that position (else 404).
     */
    async step(subject: Subject, position: number, taskId: number) {
      const course = await courseOf(subject.student);
      if ((await enrollees.stepTaskId(course.id, position)) !== taskId) throw notFound('server.noStep', { position, taskId });
      return tasks.load(subject, taskId);
    },

    /** Marks a lecture step read (opening it does), as the course pages do. */
    solveLecture: (subject: Subject, studentTaskId: number) => tasks.solveLecture(subject, studentTaskId),

    /** A step to answer again; the points stay awarded. */
    reset: (subject: Subject, studentTaskId: number) => tasks.reset(subject, studentTaskId),

    /**
     * Answers a step (spec 2 §7): the payload of the step's kind, graded by that kind's grader (code in
     * the sandbox). A `taskType` that names another kind, or a kind not answered this way (a lecture is
     * read, a mentor check or review is not part of the steps' answers), is a 400.
     */
    async solve(subject: Subject, studentTaskId: number, body: StepAnswer, check: PayloadCheck) {
      const task = await tasks.taskOfState(subject, studentTaskId);
      if (body.taskType !== undefined && taskKindFromPath(body.taskType) !== task.kind)
        throw badRequest('server.wrongKind', { id: task.id, kind: task.kind, expected: body.taskType });
      if (task.kind === 'code') {
        check(CodePayload, body);
        return tasks.solveCode(subject, studentTaskId, String(body.solution));
      }
      const grader = TASK_KIND_REGISTRY[task.kind].grader;
      if (!grader) throw badRequest('server.stepNotAnswered', { kind: task.kind });
      check(grader.payload, body);
      return tasks.solveInstant(subject, studentTaskId, task.kind, body);
    },
  };
}

export type EnrolleeService = ReturnType<typeof createEnrolleeService>;
