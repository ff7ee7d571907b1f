import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { readRemotes, readSiteInfo, type AppConfig } from '../config';
import { migrate, openDatabase, type DatabaseHandle, type DatabaseKind } from '../db/database';
import { SESSION_COOKIE } from '../plugins/cookies';
import { createTestUser, factoryRoutes, type TestUser, type TestUserInput } from './factory-routes';
import { migratedPgliteImage, pgliteArtifacts } from './pglite-image';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    databaseNamedStatements: true,
    dataDir: null,
    // in the test's own thread (many small databases); main.test.ts runs the server's thread
    pgliteThread: false,
    seedDemo: 'never',
    staticRoot: null,
    remotes: readRemotes({}),
    cookieSecure: false,
    trustProxy: false,
    signInLimit: { perAccount: 10, perAddress: 5, windowMinutes: 15 },
    logLevel: 'silent',
    logFormat: 'json',
    apiDocs: true,
    publicUrl: 'http://academy.test',
    mail: { smtpUrl: null, from: 'Академия <no-reply@academy.test>', devMailbox: true },
    site: readSiteInfo({}),
    commentsPremoderated: 1,
    mentorQueue: { promiseHours: 24, takeMinutes: 60 },
    grading: { queue: false, apiGrades: true, queueSchema: 'pgboss', expireSeconds: 60, superviseSeconds: 10 },
    maxInFlight: 256,
    ...overrides,
  };
}

/** The databases every server test runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function testDatabases(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A test's database; `schema` is its private PostgreSQL schema (null on PGlite). */
export type TestDatabase = DatabaseHandle & { schema: string | null };

/**
 * A second pool on a PostgreSQL test database, as another server instance has: its own connections,
 * the same rows. On PGlite (one connection in this process) it is the same handle.
 */
export async function secondConnection(database: TestDatabase): Promise<DatabaseHandle> {
  if (database.kind === 'pglite' || !database.schema) return { ...database, close: async () => undefined };
  return openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null, schema: database.schema });
}

/**
 * A fresh database, migrated unless `migrated` is false: in-memory PGlite, or a private schema
 * (`prefix_…`, dropped on close) on the PostgreSQL server at `url` (DATABASE_URL by default).
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  onQuery?: () => void,
  {
    url = process.env.DATABASE_URL!,
    prefix = 'test',
    migrated = true,
  }: { url?: string; prefix?: string; migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // ACADEMY_PGLITE_THREAD=1 npm test: every suite through PGlite on its thread, as the server runs it
    const thread = process.env.ACADEMY_PGLITE_THREAD === '1';
    // a migrated database starts from the migrated image (the migrations then find nothing to do)
    const loadDataDir = migrated && !thread ? await migratedPgliteImage() : undefined;
    const preloaded = thread ? undefined : pgliteArtifacts();
    const handle = await openDatabase({ databaseUrl: null, dataDir: null, onQuery, thread, loadDataDir, preloaded });
    if (migrated) await migrate(handle.db);
    return { ...handle, schema: null };
  }
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: url, dataDir: null });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const handle = await openDatabase({ databaseUrl: url, dataDir: null, schema, onQuery });
  const close = async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
    await handle.close();
  };
  if (migrated) {
    // a failed migration leaves no schema behind on the shared server
    await migrate(handle.db).catch(async (error: unknown) => {
      await close();
      throw error;
    });
  }
  return { ...handle, schema, close };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  createUser(input?: TestUserInput): Promise<TestUser>;
  /** Signs in through the real endpoint and returns the session cookie header. */
  signIn(user: { email: string; password: string }, rememberMe?: boolean): Promise<string>;
  /** A user of the role, signed in: its cookie and id. */
  userWithSession(input?: TestUserInput): Promise<TestUser & { cookie: string }>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** POST a JSON body, with a session cookie when given */
  post(url: string, payload: object, cookie?: string): Promise<LightMyRequestResponse>;
  /** the newest mail to an address in the outbox */
  lastMail(to: string): Promise<{ subject: string; body_text: string; body_html: string } | undefined>;
  /** queries run so far on this app's database */
  queryCount(): number;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DatabaseKind,
  overrides: Partial<AppConfig> = {},
  extraRoutes?: (app: FastifyInstance) => Promise<void>,
): Promise<TestApp> {
  let queries = 0;
  const database = await openTestDatabase(kind, () => {
    queries += 1;
  });
  const app = await buildApp({
    config: testConfig(overrides),
    db: database.db,
    testRoutes: async (instance) => {
      await factoryRoutes(instance);
      if (extraRoutes) await extraRoutes(instance);
    },
  });
  await app.ready();
  const signIn = async (user: { email: string; password: string }, rememberMe = false) => {
    const response = await app.inject({
      method: 'POST',
      url: '/token',
      headers: { zoneid: 'UTC' },
      payload: { username: user.email, password: user.password, rememberMe },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    return `${SESSION_COOKIE}=${cookie!.value}`;
  };
  return {
    app,
    database,
    createUser: (input) => createTestUser(app, input),
    signIn,
    async userWithSession(input) {
      const user = await createTestUser(app, input);
      return { ...user, cookie: await signIn(user) };
    },
    // the zoneId header our pages send on every call (the CSRF guard wants it); a test's own headers win
    inject: (options) => app.inject({ ...options, headers: { zoneid: 'UTC', ...options.headers } }),
    post: (url, payload, cookie) =>
      app.inject({ method: 'POST', url, payload, headers: { zoneid: 'UTC', ...(cookie ? { cookie } : {}) } }),
    lastMail: (to) =>
      database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'body_text', 'body_html'])
        .where('recipient', '=', to)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    queryCount: () => queries,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The first web address in a text (a mailed link). */
export const linkIn = (text: string): string => /https?:\/\/\S+/.exec(text)![0];
