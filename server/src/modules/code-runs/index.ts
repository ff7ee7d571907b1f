import fp from 'fastify-plugin';
import type { App } from '../../common/types';
import { inProcessQueue, pgBossQueue, type CodeQueue } from './queue';
import { createCodeRunRepository, type CodeRunRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** where Java, Go and Python submissions wait for a grader (docs/grading-languages.md) */
    codeQueue: CodeQueue;
    /** the runs (one unfinished per task state, three per user) */
    codeRuns: CodeRunRepository;
  }
}

/**
 * The queue of runs to grade (docs/grading-languages.md): pg-boss on the PostgreSQL server
 * (DATABASE_URL), else this process. Closed with the app: a run being graded finishes, or stays
 * unfinished for the next grader.
 */
export default fp(
  async function codeRunsPlugin(app: App) {
    const { grading, databaseUrl } = app.config;
    const runs = createCodeRunRepository(app.db);
    app.decorate('codeRuns', runs);
    const deps = { db: app.db, runs, tasks: app.taskRepository, states: app.taskStates, graders: app.graders, log: app.log };
    const codeQueue =
      grading.queue && databaseUrl
        ? await pgBossQueue(deps, databaseUrl, grading, grading.apiGrades)
        : await inProcessQueue(deps);
    app.decorate('codeQueue', codeQueue);
    app.addHook('onClose', () => codeQueue.close());
  },
  { name: 'code-runs', dependencies: ['database', 'sandbox', 'task-repository', 'task-state'] },
);
