import { sql, type Kysely } from 'kysely';
import { LEARNER_ROLES } from '@academy/shared/contract';
import type { Database, UserRow } from '../../db/schema';

/** Reading users: the one "find a student" lookup every area uses. */
export function createUserRepository(db: Kysely<Database>) {
  return {
    findUser(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    /** A learner (PAY_STUDENT or STUDENT) by id; staff ids and unknown ids give undefined. */
    findStudent(id: number): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where('role', 'in', [...LEARNER_ROLES])
        .executeTakeFirst();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
