import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

export const REMEMBER_ME_DAYS = 30;
/** A browser-session cookie still expires on the server after this many idle hours. */
export const SESSION_IDLE_HOURS = 12;

/** Session ids and link tokens are stored as this hash, never as themselves. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createAuthRepository(db: Kysely<Database>) {
  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

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

    /** The live session of a token with its user; slides the expiry of browser sessions. */
    async findSessionUser(token: string): Promise<UserRow | undefined> {
      const id = hashToken(token);
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select(['sessions.remember', 'sessions.expires_at'])
        .where('sessions.id', '=', id)
        .where('sessions.expires_at', '>', new Date())
        .executeTakeFirst();
      if (!row) return undefined;
      const { remember, expires_at, ...user } = row;
      const halfLife = (SESSION_IDLE_HOURS * 3600_000) / 2;
      if (!remember && expires_at.getTime() - Date.now() < halfLife) {
        await db
          .updateTable('sessions')
          .set({ expires_at: new Date(Date.now() + SESSION_IDLE_HOURS * 3600_000) })
          .where('id', '=', id)
          .execute();
      }
      return user;
    },

    async deleteSession(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    },

    async deleteUserSessions(userId: number): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    /** Drops expired sessions; cheap, run now and then. */
    async purgeExpired(): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
