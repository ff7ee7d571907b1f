import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotesMap, type SiteInfo } from '@academy/shared/contract';

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** PostgreSQL: frequent statements as named statements (DATABASE_NAMED_STATEMENTS, default on; 0 for PgBouncer's transaction mode before 1.21). */
  databaseNamedStatements: boolean;
  /** Folder of the embedded database; `null` keeps it in memory (tests). */
  dataDir: string | null;
  /** Run the embedded database on a thread of its own (ACADEMY_PGLITE_THREAD, default on; 0: in the main thread). */
  pgliteThread: boolean;
  /** Seed demo users on start: always on a new embedded database, only on request with DATABASE_URL. */
  seedDemo: 'if-empty' | 'never' | 'force';
  /** Folder holding `shell/dist` and `remote-*\/dist` (ACADEMY_STATIC_ROOT, default the repository); null disables static serving. */
  staticRoot: string | null;
  remotes: RemotesMap;
  /** Cookies always Secure (COOKIE_SECURE=1); without it they are Secure when the request came over HTTPS. */
  cookieSecure: boolean;
  /** Fastify's trustProxy: false, or the proxies (addresses, subnets, `loopback`) whose X-Forwarded-For counts */
  trustProxy: boolean | string;
  /**
   * Sign-in attempts within the window (modules/auth/service.ts): `perAccount` on one account from
   * browsers without its device cookie (a throttle: the reply says when to retry); `perAddress` on one
   * account from one address, and failures of one known device. No limit covers an address as a whole.
   */
  signInLimit: { perAccount: number; perAddress: number; windowMinutes: number };
  logLevel: string;
  /** pretty lines for a person at a terminal, JSON lines for a log collector */
  logFormat: 'pretty' | 'json';
  /** the API's own description at /api/docs (OpenAPI, browsable) */
  apiDocs: boolean;
  /** The academy's address as people reach it: links in e-mails start with it. */
  publicUrl: string;
  mail: {
    /** smtp(s)://user:pass@host:port; null keeps mails in the outbox (development mailbox) */
    smtpUrl: string | null;
    from: string;
    /** the /dev/mailbox page (signed-in ADMIN only): only without SMTP, and only with ACADEMY_DEV_MAILBOX=1 */
    devMailbox: boolean;
  };
  /** The legal and contact details the public pages show (spec 2 §2.16). */
  site: SiteInfo;
  /** A student's comments wait for moderation until this many of theirs are approved (ACADEMY_COMMENTS_PREMODERATED; 0: never) */
  commentsPremoderated: number;
  /**
   * The mentor's queue (docs/courses.md, "Mentor queue"): a verdict is promised within `promiseHours` of an
   * answer (ACADEMY_VERDICT_PROMISE_HOURS, default 24); a mentor's take lasts `takeMinutes`
   * (ACADEMY_QUEUE_TAKE_MINUTES, default 60), then the answer returns to the queue.
   */
  mentorQueue: { promiseHours: number; takeMinutes: number };
  /**
   * Where Java, Go and Python submissions are graded (docs/grading-languages.md): through the pg-boss queue
   * on the PostgreSQL server (`queue`: with DATABASE_URL), else in this process. `apiGrades`: this API
   * process works the queue too (ACADEMY_API_GRADES, default 1; 0 leaves it to `npm run grader`). A job
   * whose grader died is taken again `expireSeconds` after it began (ACADEMY_GRADER_EXPIRE_SECONDS,
   * default 60), looked for every `superviseSeconds` (ACADEMY_GRADER_SUPERVISE_SECONDS, default 10).
   */
  grading: GradingConfig;
  /** API requests in progress in this process past which a new one is shed with a 503 (ACADEMY_MAX_IN_FLIGHT, default 128; plugins/overload.ts) */
  maxInFlight: number;
}

export interface GradingConfig {
  queue: boolean;
  apiGrades: boolean;
  /** the queue's own PostgreSQL schema (ACADEMY_QUEUE_SCHEMA, default `pgboss`) */
  queueSchema: string;
  expireSeconds: number;
  superviseSeconds: number;
}

/** The grading settings from the environment (the API's and `npm run grader`'s). */
export function readGrading(env: NodeJS.ProcessEnv): GradingConfig {
  const queueSchema = env.ACADEMY_QUEUE_SCHEMA ?? 'pgboss';
  if (!/^[a-z_][a-z0-9_]{0,50}$/.test(queueSchema))
    throw new Error(`ACADEMY_QUEUE_SCHEMA must be a plain schema name, got "${queueSchema}"`);
  return {
    queue: Boolean(env.DATABASE_URL),
    apiGrades: env.ACADEMY_API_GRADES !== '0',
    queueSchema,
    expireSeconds: readPositive(env.ACADEMY_GRADER_EXPIRE_SECONDS, 60, 'ACADEMY_GRADER_EXPIRE_SECONDS'),
    superviseSeconds: readPositive(env.ACADEMY_GRADER_SUPERVISE_SECONDS, 10, 'ACADEMY_GRADER_SUPERVISE_SECONDS'),
  };
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

function defaultRemotes(): RemotesMap {
  const map = {} as RemotesMap;
  for (const name of REMOTE_NAMES) map[name] = { entry: `/remotes/${name}/remoteEntry.js` };
  return map;
}

/**
 * Remote locations can be overridden per deployment: ACADEMY_REMOTES holds a JSON object
 * `{ "student": "https://cdn.example/student/remoteEntry.js" }`, or REMOTE_STUDENT_URL and friends.
 */
export function readRemotes(env: NodeJS.ProcessEnv): RemotesMap {
  const map = defaultRemotes();
  if (env.ACADEMY_REMOTES) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env.ACADEMY_REMOTES);
    } catch {
      throw new Error('ACADEMY_REMOTES must be a JSON object of remote name to entry URL');
    }
    if (!parsed || typeof parsed !== 'object') throw new Error('ACADEMY_REMOTES must be a JSON object');
    for (const [name, entry] of Object.entries(parsed)) {
      if (!REMOTE_NAMES.includes(name as RemoteName)) throw new Error(`ACADEMY_REMOTES: unknown remote "${name}"`);
      if (typeof entry !== 'string' || !entry) throw new Error(`ACADEMY_REMOTES: entry of "${name}" must be a URL`);
      map[name as RemoteName] = { entry };
    }
  }
  for (const name of REMOTE_NAMES) {
    const url = env[`REMOTE_${name.toUpperCase()}_URL`];
    if (url) map[name] = { entry: url };
  }
  return map;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || null;
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    databaseNamedStatements: env.DATABASE_NAMED_STATEMENTS !== '0',
    dataDir: path.resolve(REPO_ROOT, env.ACADEMY_DATA_DIR ?? '.data'),
    pgliteThread: env.ACADEMY_PGLITE_THREAD !== '0',
    seedDemo: env.ACADEMY_SEED_DEMO === '1' ? 'force' : databaseUrl ? 'never' : 'if-empty',
    // remote-deploy: a release folder of built frontends elsewhere (one remote's dist replaced by its deploy)
    staticRoot: env.ACADEMY_STATIC_ROOT ? path.resolve(REPO_ROOT, env.ACADEMY_STATIC_ROOT) : REPO_ROOT,
    remotes: readRemotes(env),
    cookieSecure: env.COOKIE_SECURE === '1',
    trustProxy: env.TRUST_PROXY || false,
    signInLimit: { perAccount: 20, perAddress: 5, windowMinutes: 15 },
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat:
      env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : process.stdout.isTTY ? 'pretty' : 'json',
    apiDocs: env.ACADEMY_API_DOCS ? env.ACADEMY_API_DOCS === '1' : env.NODE_ENV === 'development',
    publicUrl: (env.ACADEMY_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    mail: {
      smtpUrl: env.SMTP_URL || null,
      from: env.MAIL_FROM ?? 'Академия <no-reply@academy.local>',
      // live recovery links: only when asked for, and then only administrators read it
      devMailbox: !env.SMTP_URL && env.ACADEMY_DEV_MAILBOX === '1',
    },
    site: readSiteInfo(env),
    commentsPremoderated: readCount(env.ACADEMY_COMMENTS_PREMODERATED, 1, 'ACADEMY_COMMENTS_PREMODERATED'),
    mentorQueue: {
      promiseHours: readPositive(env.ACADEMY_VERDICT_PROMISE_HOURS, 24, 'ACADEMY_VERDICT_PROMISE_HOURS'),
      takeMinutes: readPositive(env.ACADEMY_QUEUE_TAKE_MINUTES, 60, 'ACADEMY_QUEUE_TAKE_MINUTES'),
    },
    grading: readGrading(env),
    // about 150 ms of waiting at each database's pace on 2 cores (PGlite ~850 requests/s, PostgreSQL ~1,700)
    maxInFlight: readPositive(env.ACADEMY_MAX_IN_FLIGHT, databaseUrl ? 256 : 128, 'ACADEMY_MAX_IN_FLIGHT'),
  };
}

/** A whole number from 1 to 1000 from the environment, or the default when unset. */
function readPositive(value: string | undefined, fallback: number, name: string): number {
  const count = readCount(value, fallback, name);
  if (count < 1) throw new Error(`${name} must be a whole number from 1 to 1000, got "${value}"`);
  return count;
}

/** A whole number from the environment (0 or more), or the default when unset. */
function readCount(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 1000)
    throw new Error(`${name} must be a whole number from 0 to 1000, got "${value}"`);
  return count;
}

/** Contact and legal details from the environment, with the demo academy's own as defaults. */
export function readSiteInfo(env: NodeJS.ProcessEnv): SiteInfo {
  return {
    supportEmail: env.SUPPORT_EMAIL ?? 'support@academy.local',
    supportPhone: env.SUPPORT_PHONE ?? '8 800 000-00-00',
    website: env.SITE_URL ?? 'https://academy.local',
    socialGroup: env.SOCIAL_GROUP_URL ?? 'https://vk.com/academy_local',
    helpBot: env.HELP_BOT_URL ?? 'https://t.me/academy_local_bot',
    legalEntity: {
      name: env.LEGAL_NAME ?? 'Индивидуальный предприниматель Иванов Иван Иванович',
      taxId: env.LEGAL_TAX_ID ?? '770000000000',
      account: env.LEGAL_ACCOUNT ?? '40802810000000000000',
      bank: env.LEGAL_BANK ?? 'АО «Демо-Банк», г. Москва',
      bankId: env.LEGAL_BANK_ID ?? '044500000',
      correspondentAccount: env.LEGAL_CORR_ACCOUNT ?? '30101810000000000000',
    },
  };
}
