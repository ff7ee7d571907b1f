/**
 * `npm run grader`: a grader process (docs/grading-languages.md). It grades the Java, Go and Python runs of the
 * pg-boss queue on the PostgreSQL server of DATABASE_URL, from any machine that reaches it, and serves
 * no HTTP. Start as many as the students need (docs/grading-languages.md, "How many graders"); one that dies (even kill -9)
 * only delays the run it held: another takes it once its job expires, and the result is kept once.
 */
import pino from 'pino';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/database';
import { NativeGraders } from './grading/native';
import { pgBossQueue, workerName } from './modules/code-runs/queue';
import { createCodeRunRepository } from './modules/code-runs/repository';
import { createTaskState } from './modules/task-state/task-state';
import { createTaskRepository } from './modules/tasks/repository';

async function start(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new Error(
      'npm run grader needs DATABASE_URL (the PostgreSQL server the API uses): on the embedded database the API grades in its own process',
    );
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: null,
    namedStatements: config.databaseNamedStatements,
  });
  // a grader may start before any API: the tables it writes are made (the migrations take turns on a lock)
  await migrate(database.db);
  const graders = new NativeGraders();
  // the grader's composition root: the objects a run is graded with, as the API's plugins make them
  const { db } = database;
  const deps = {
    db,
    runs: createCodeRunRepository(db),
    tasks: createTaskRepository(db),
    states: createTaskState(db),
    graders,
    log,
  };
  const queue = await pgBossQueue(deps, config.databaseUrl, config.grading, true);
  log.info(
    `Grader ${workerName()} is grading ${graders.concurrency} runs at a time from the queue in schema ${config.grading.queueSchema}`,
  );
  const shutdown = async (signal: string) => {
    log.info(`${signal}: the grader finishes its runs and stops`);
    await queue.close();
    await graders.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
