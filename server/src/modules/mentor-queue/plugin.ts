import fp from 'fastify-plugin';
import type { App } from '../../common/types';
import { createMentorQueueRepository } from './repository';
import { createMentorQueueService, type MentorQueueService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** the queue of answers waiting for a mentor (its pages, and the tasks' verdicts and promises) */
    mentorQueue: MentorQueueService;
  }
}

/** The mentor queue's objects, made once (docs/architecture.md, "Server"). */
export default fp(
  async function mentorQueuePlugin(app: App) {
    app.decorate('mentorQueue', createMentorQueueService(createMentorQueueRepository(app.db), app.clock, app.config.mentorQueue));
  },
  { name: 'mentor-queue', dependencies: ['database', 'clock'] },
);
