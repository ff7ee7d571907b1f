import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { NativeGraders } from '../grading/native';
import { SandboxPool } from '../grading/sandbox/pool';
import { inProcessQueue, pgBossQueue, type CodeQueue } from '../modules/code-runs/queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** runs students' code in QuickJS, in child processes */
    sandbox: SandboxPool;
    /** grades Java, Go and Python in the OS sandbox (bubblewrap) and SQL on PGlite */
    graders: NativeGraders;
    /** where Java, Go and Python submissions wait for a grader (docs/grading-languages.md) */
    codeQueue: CodeQueue;
  }
}

/**
 * The code sandboxes (started on first use, so an app that grades no code pays nothing) and the queue
 * of runs to grade: pg-boss on the PostgreSQL server (DATABASE_URL), else this process. Closed with the
 * app: the queue first (a run being graded finishes, or stays unfinished for the next grader).
 */
export default fp(
  async function sandboxPlugin(app: App) {
    const sandbox = new SandboxPool({ log: app.log });
    const graders = new NativeGraders();
    const { grading, databaseUrl } = app.config;
    const deps = { db: app.db, graders, log: app.log };
    const codeQueue =
      grading.queue && databaseUrl
        ? await pgBossQueue(deps, databaseUrl, grading, grading.apiGrades)
        : await inProcessQueue(deps);
    app.decorate('sandbox', sandbox);
    app.decorate('graders', graders);
    app.decorate('codeQueue', codeQueue);
    app.addHook('onClose', async () => {
      await codeQueue.close();
      await Promise.all([sandbox.close(), graders.close()]);
    });
  },
  { name: 'sandbox', dependencies: ['database'] },
);
