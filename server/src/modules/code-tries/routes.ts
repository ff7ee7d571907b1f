import { Type } from 'typebox';
import type { App } from '../../common/types';
import { IdParams } from '../../common/schemas';
import { CodePayload, TestOutcomeSchema } from '../../grading/code-kind';
import { payload } from '../../grading/types';
import { COURSE_LEARNER_ROLES } from '../../plugins/subject';
import { CustomCall, CustomCallOutcome } from './custom-call';
import { createCodeTryService } from './service';

/** An answer's body, and the student's own call to run after the examples (absent or blank: none). */
const TryPayload = payload({ solution: CodePayload.properties.solution, call: Type.Optional(CustomCall) });

const TryResult = Type.Object({
  outcomes: Type.Array(TestOutcomeSchema),
  passed: Type.Integer(),
  total: Type.Integer(),
  custom: Type.Optional(CustomCallOutcome),
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
    summary:
      'Run a code task’s solution on its examples, and on a call of the student’s own if given (not in SQL): not an answer (no attempt, no history, no points), limited per minute',
    tags: ['tasks'],
    params: IdParams('id'),
    body: TryPayload,
    response: TryResult,
    handler: (subject, { params, body }) => tries.run(subject, params.id, body.solution, body.call),
  });
}
