import type { FastifyRequest } from 'fastify';
import type { RoleName } from '@academy/shared/contract';
import type { App } from '../../common/types';
import { describeValidation } from '../../plugins/errors';
import { badRequest } from '../../common/errors';
import { createEnrolleeRepository } from './repository';
import { DirectionPic, HeadingQuery, StateParams, StepAnswerBody, StepHeading, StepParams, StepTaskView } from './schemas';
import { createEnrolleeService, type PayloadCheck } from './service';

const tags = ['enrollee'];

/** Spec 2 §6: the enrollee area is the enrollee's (STUDENT) alone; their pages have no view-as twin. */
const ENROLLEE_ROLES: readonly RoleName[] = ['STUDENT'];

/** The step's kind is known only once its task is found: its payload is checked then, by the route's own validator. */
const payloadCheck =
  (request: FastifyRequest): PayloadCheck =>
  (schema, body) => {
    const validate = request.compileValidationSchema(schema, 'body');
    if (!validate(body))
      throw badRequest('server.invalidRequest', { context: 'body', details: describeValidation(validate.errors ?? [], 'body') });
  };

/** The enrollee's lesson steps (spec 2 §2.13, §7): the direction's icon, the heading, a step's task, answers. */
export default async function enrolleeModule(app: App): Promise<void> {
  const enrollee = createEnrolleeService({
    enrollees: createEnrolleeRepository(app.db),
    courses: app.courseRepository,
    taskRows: app.taskRepository,
    taskService: (gate) => app.taskService(gate),
  });
  const own = { fake: null, ownRoles: ENROLLEE_ROLES, tags } as const;

  app.studentRoute({
    ...own,
    method: 'GET',
    own: '/api/enrollee/direction/direction-pic',
    summary: 'The direction’s icon: the picture of its enrollee course',
    response: DirectionPic,
    handler: (subject) => enrollee.directionPic(subject),
  });
  app.studentRoute({
    ...own,
    method: 'GET',
    own: '/api/enrollee/directionTask/heading',
    summary: 'The lesson steps of the enrollee’s direction: points, and each step with its state (one current)',
    querystring: HeadingQuery,
    response: StepHeading,
    handler: (subject, { query }) => enrollee.heading(subject, query.directionTaskPosition),
  });
  app.studentRoute({
    ...own,
    method: 'GET',
    own: '/api/enrollee/directionTask/:position/:taskId',
    summary: 'A step’s task as the student sees it (never the right answers); 404 unless the task is the step’s',
    // as on the course pages, the student's first load records that the task was opened: a state change
    changesState: true,
    params: StepParams,
    response: StepTaskView,
    handler: (subject, { params }) => enrollee.step(subject, params.position, params.taskId),
  });
  app.studentRoute({
    ...own,
    method: 'GET',
    own: '/api/enrollee/directionTask/:id/solve-lecture',
    summary: 'Solve a lecture step (on open)',
    // a GET by the spec, but it changes the student's task: guarded against cross-site requests
    changesState: true,
    params: StateParams,
    response: StepTaskView,
    handler: (subject, { params }) => enrollee.solveLecture(subject, params.id),
  });
  app.studentRoute({
    ...own,
    method: 'POST',
    own: '/api/enrollee/directionTask/:id',
    summary: 'Answer a step: the payload of its kind (spec 2 §7), graded as on the course pages; points once',
    params: StateParams,
    body: StepAnswerBody,
    response: StepTaskView,
    handler: (subject, { params, body, request }) => enrollee.solve(subject, params.id, body, payloadCheck(request)),
  });
  app.studentRoute({
    ...own,
    method: 'POST',
    own: '/api/enrollee/directionTask/:id/reset',
    summary: 'Reset a step to answer it again (the points stay awarded)',
    params: StateParams,
    response: StepTaskView,
    handler: (subject, { params }) => enrollee.reset(subject, params.id),
  });
}
