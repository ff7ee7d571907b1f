import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db/database';
import { isEmpty, seedDemo } from './db/seed';

export interface RunningAcademy {
  app: FastifyInstance;
  database: DatabaseHandle;
  stop(): Promise<void>;
}

/** Opens the database, applies migrations, seeds demo data when due and builds the app. */
export async function prepareAcademy(
  config: AppConfig,
  testRoutes?: Parameters<typeof buildApp>[0]['testRoutes'],
  { onDatabaseDeath }: { onDatabaseDeath?: (cause: Error) => void } = {},
): Promise<RunningAcademy> {
  if (!config.databaseUrl && config.dataDir) fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    namedStatements: config.databaseNamedStatements,
    thread: config.pgliteThread,
    onThreadDeath: onDatabaseDeath,
  });
  await migrate(database.db);
  if (config.seedDemo === 'force' || (config.seedDemo === 'if-empty' && (await isEmpty(database.db)))) {
    await seedDemo(database.db);
  }
  const app = await buildApp({ config, db: database.db, testRoutes });
  return {
    app,
    database,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}
