import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotesMap } from '@academy/shared/contract';

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** Folder of the embedded database; `null` keeps it in memory (tests). */
  dataDir: string | null;
  /** Seed demo users on start: always on a new embedded database, only on request with DATABASE_URL. */
  seedDemo: 'if-empty' | 'never' | 'force';
  /** Folder holding `shell/dist` and `remote-*\/dist`; null disables static serving. */
  staticRoot: string | null;
  remotes: RemotesMap;
  cookieSecure: boolean;
  /** Sign-in failures allowed per account and per address within the window. */
  signInLimit: { perAccount: number; perAddress: number; windowMinutes: number };
  logLevel: string;
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
    dataDir: path.resolve(REPO_ROOT, env.ACADEMY_DATA_DIR ?? '.data'),
    seedDemo: env.ACADEMY_SEED_DEMO === '1' ? 'force' : databaseUrl ? 'never' : 'if-empty',
    staticRoot: REPO_ROOT,
    remotes: readRemotes(env),
    cookieSecure: env.COOKIE_SECURE === '1',
    signInLimit: { perAccount: 10, perAddress: 50, windowMinutes: 15 },
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
