import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { App } from '../common/types';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: AppConfig;
  }
}

/** The database and the configuration, for every plugin and module after it. */
export default fp(
  async function databasePlugin(app: App, options: { db: Kysely<Database>; config: AppConfig }) {
    app.decorate('db', options.db);
    app.decorate('config', options.config);
  },
  { name: 'database' },
);
