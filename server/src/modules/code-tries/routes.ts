import { Type } from 'typebox';
import type { App } from '../../common/types';
import { IdParams } from '../../common/schemas';
import { CodePayload, TestOutcomeSchema } from '../../grading/code-kind';
import { COURSE_LEARNER_ROLES } from '../../plugins/subject';
import { createCodeTryService } from './service';

const TryResult = Type.Object({
  outcomes: Type.Array(TestOutcomeSchema),
  passed: Type.Integer(),
  total: Type.Integer(),
});

/** Tries of code tasks (issue 32): the student's code run on the task's examples, not an answer. */
export default async function codeTriesModule(app: App): Promise<void> {
  const tries = createCodeTryService({
    tasks: app.taskService(),
    grading: { sandbox: app.sandbox, graders: app.graders, codeQueue: app.codeQueue },
    rateLimiter: app.rateLimiter,
  });
  app.studentRoute({
    method: 'POST',
    own: '/api/student/taskInfo/:id/code/try',
    fake: null,
    ownRoles: COURSE_LEARNER_ROLES,
    summary: 'Run a code task’s solution on its examples: not an answer (no attempt, no history, no points), limited per minute',
    tags: ['tasks'],
    params: IdParams('id'),
    body: CodePayload,
    response: TryResult,
    handler: (subject, { params, body }) => tries.run(subject, params.id, body.solution),
  });
}
