import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, UserRow } from '../../db/schema';

export const REMEMBER_ME_DAYS = 30;
/** A known device (its device cookie) stays known this long after its last sign-in. */
export const DEVICE_DAYS = 180;
/** An account keeps at most this many known devices: a new one drops the oldest. */
export const MAX_DEVICES = 10;
/** A browser-session cookie still expires on the server after this many idle hours. */
export const SESSION_IDLE_HOURS = 12;

/** Session ids and link tokens are stored as this hash, never as themselves. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A random token (a link's, a device's), and the hash that is stored instead of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Tables of hashed single-use link tokens (`token_hash`, `used_at`, `expires_at`). */
export type LinkTokenTable = 'invitations' | 'password_resets';

/** Whether a value can be a link or device token at all (cheap check before any query). */
export const isLinkToken = (token: unknown): token is string =>
  typeof token === 'string' && token.length >= 20 && token.length <= 100;

/** A session that has not expired, with its user: read on a session cache's miss, built once. */
const sessionStatement = compiledOnce((db, { id, now }: { id: string; now: Date }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.remember', 'sessions.expires_at'])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now),
);

type LinkTokenRow<T extends LinkTokenTable> = Selectable<Database[T]>;

/** The live (unused, unexpired) row of a link token, without taking it. */
export function findLinkToken(
  db: Kysely<Database>,
  table: 'invitations',
  token: string,
): Promise<LinkTokenRow<'invitations'> | undefined>;
export function findLinkToken(
  db: Kysely<Database>,
  table: 'password_resets',
  token: string,
): Promise<LinkTokenRow<'password_resets'> | undefined>;
export function findLinkToken(db: Kysely<Database>, table: LinkTokenTable, token: string) {
  return db
    .selectFrom(table)
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/**
 * Takes a single-use link token: marks its live row used and returns it, atomically, so two requests
 * with one token cannot both pass. Run it in the transaction of what the token allows.
 */
export function takeLinkToken(
  db: Kysely<Database>,
  table: 'invitations',
  token: string,
): Promise<LinkTokenRow<'invitations'> | undefined>;
export function takeLinkToken(
  db: Kysely<Database>,
  table: 'password_resets',
  token: string,
): Promise<LinkTokenRow<'password_resets'> | undefined>;
export function takeLinkToken(db: Kysely<Database>, table: LinkTokenTable, token: string) {
  return db
    .updateTable(table)
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();
}

/** Sessions: created at sign-in, read by the session plugin, ended at sign-out or by a new password. */
export function createAuthRepository(db: Kysely<Database>) {
  return {
    /** Stores a new session and returns the token for the cookie (only its hash is stored). */
    async createSession(userId: number, remember: boolean): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const hours = remember ? REMEMBER_ME_DAYS * 24 : SESSION_IDLE_HOURS;
      const expiresAt = new Date(Date.now() + hours * 3600_000);
      await db
        .insertInto('sessions')
        .values({ id: hashToken(token), user_id: userId, remember, expires_at: expiresAt })
        .execute();
      return { token, expiresAt };
    },

    /** The live session stored under a token's hash, with its user. */
    async findSession(id: string): Promise<{ user: UserRow; remember: boolean; expiresAt: Date } | undefined> {
      const [row] = await sessionStatement(db, { id, now: new Date() });
      if (!row) return undefined;
      const { remember, expires_at, ...user } = row;
      return { user, remember, expiresAt: expires_at };
    },

    /**
     * Moves a browser session's expiry to 12 idle hours from now. The session plugin calls it only when
     * less than half of that is left, so a session is written at most once in six hours of use.
     */
    async slideSession(id: string): Promise<Date> {
      const expiresAt = new Date(Date.now() + SESSION_IDLE_HOURS * 3600_000);
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
      return expiresAt;
    },

    async deleteSession(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    },

    async deleteUserSessions(userId: number): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    /** Ends every session of a user but the one of `keepToken` (the device that changed the password). */
    async deleteOtherSessions(userId: number, keepToken: string | undefined): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '!=', keepToken ? hashToken(keepToken) : '')
        .execute();
    },

    /**
     * Remembers a browser that signed in to the account; returns the token for its device cookie. The
     * account keeps its newest `MAX_DEVICES` devices (the user's row is locked, so parallel sign-ins
     * cannot overshoot): one who once knew the password cannot mint devices without end.
     */
    async createDevice(userId: number): Promise<string> {
      const { token, hash } = newLinkToken();
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        await trx
          .insertInto('sign_in_devices')
          .values({ token_hash: hash, user_id: userId, expires_at: new Date(Date.now() + DEVICE_DAYS * 86400_000) })
          .execute();
        const kept = trx
          .selectFrom('sign_in_devices')
          .select('token_hash')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('expires_at', 'desc')
          .limit(MAX_DEVICES);
        await trx.deleteFrom('sign_in_devices').where('user_id', '=', userId).where('token_hash', 'not in', kept).execute();
      });
      return token;
    },

    /** The account a device cookie's token is known for (undefined: unknown or expired). */
    async findDeviceUser(token: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('sign_in_devices')
        .select('user_id')
        .where('token_hash', '=', hashToken(token))
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return row?.user_id;
    },

    async deleteDevice(token: string): Promise<void> {
      await db.deleteFrom('sign_in_devices').where('token_hash', '=', hashToken(token)).execute();
    },

    /** Forgets every known device of an account (a blocked user; a new password does it in its transaction). */
    async deleteUserDevices(userId: number): Promise<void> {
      await db.deleteFrom('sign_in_devices').where('user_id', '=', userId).execute();
    },

    /** Remembers the user's time zone (their browser's, at sign-in); writes only when it changed. */
    async setTimeZone(userId: number, zone: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ time_zone: zone })
        .where('id', '=', userId)
        .where('time_zone', 'is distinct from', zone)
        .execute();
    },

    /** Drops expired sessions and devices; the session plugin runs it hourly. */
    async purgeExpired(): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
      await db.deleteFrom('sign_in_devices').where('expires_at', '<', new Date()).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
