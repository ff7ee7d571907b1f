import { MENTOR_QUEUE_ASSIGNER_ROLES, MENTOR_QUEUE_READER_ROLES, MENTOR_QUEUE_TAKER_ROLES } from '@academy/shared/contract';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { currentUser, requireRoles } from '../../plugins/guards';
import { AnswerParams, AssignInput, QueueEntrySchema, QueueMentorList, QueuePageSchema, QueueQuery } from './schemas';

const tags = ['mentor queue'];
const QUEUE = '/api/mentor/queue';

/**
 * The mentor's work queue (docs/courses.md, "Mentor queue"): the mentor-check answers waiting for a verdict, a
 * mentor taking one to check so that no two mentors check the same, the chief mentor's view of every
 * mentor's queue and their reassignments, and the verdict promised to the student.
 */
export default async function mentorQueueModule(app: App): Promise<void> {
  const queue = app.mentorQueue;
  const readers = requireRoles(MENTOR_QUEUE_READER_ROLES);
  const takers = requireRoles(MENTOR_QUEUE_TAKER_ROLES);
  const assigners = requireRoles(MENTOR_QUEUE_ASSIGNER_ROLES);
  const viewer = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, role: user.role };
  };

  app.get(
    QUEUE,
    {
      preHandler: readers,
      schema: {
        summary:
          'Mentor-check answers waiting for a verdict, oldest first: a MENTOR’s students’ (and those without a mentor); everyone’s for the chief mentor and administrators, by mentor or past their promise',
        tags,
        querystring: QueueQuery,
        response: Reply(QueuePageSchema),
      },
    },
    async (request) => ok(await queue.page(viewer(request), request.query)),
  );

  app.get(
    `${QUEUE}/mentors`,
    {
      preHandler: assigners,
      schema: {
        summary: 'The mentors answers may be given to, with how many wait for each',
        tags,
        response: Reply(QueueMentorList),
      },
    },
    async () => ok(await queue.mentors()),
  );

  app.post(
    `${QUEUE}/:answerId/take`,
    {
      preHandler: takers,
      schema: {
        summary: 'Take a waiting answer to check it (or extend one’s own take); 409 naming who has it',
        tags,
        params: AnswerParams,
        response: Reply(QueueEntrySchema),
      },
    },
    async (request) => ok(await queue.take(request.params.answerId, viewer(request), request.zoneId)),
  );

  app.delete(
    `${QUEUE}/:answerId/take`,
    {
      preHandler: takers,
      schema: {
        summary: 'Give back one’s own take: the answer returns to the queue',
        tags,
        params: AnswerParams,
        response: Reply(QueueEntrySchema),
      },
    },
    async (request) => ok(await queue.release(request.params.answerId, viewer(request), request.zoneId)),
  );

  app.post(
    `${QUEUE}/:answerId/assign`,
    {
      preHandler: assigners,
      schema: {
        summary: 'Give a waiting answer to a mentor (another mentor’s take of it ends)',
        tags,
        params: AnswerParams,
        body: AssignInput,
        response: Reply(QueueEntrySchema),
      },
    },
    async (request) => ok(await queue.assign(request.params.answerId, request.body.mentorId, viewer(request))),
  );
}
