import type { Kysely } from 'kysely';
import type { Language } from '@academy/shared/contract';
import type { Database, UserRow } from '../../db/schema';

export type ImageType = 'image/gif' | 'image/jpeg' | 'image/png';

/** Profile details, pictures and the interface language of users. */
export function createProfileRepository(db: Kysely<Database>) {
  return {
    updateDetails(userId: number, details: { firstName: string; lastName: string; birthday: string | null }): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ first_name: details.firstName, last_name: details.lastName, birthday: details.birthday })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Stores a user's picture and points the profile at it (a new address each time, for caches). */
    saveAvatar(userId: number, type: ImageType, data: Buffer): Promise<UserRow> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('user_avatars')
          .values({ user_id: userId, content_type: type, data, updated_at: new Date() })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ content_type: type, data, updated_at: new Date() }))
          .execute();
        return trx
          .updateTable('users')
          .set({ avatar_url: `/api/user/profile/${userId}/image?v=${Date.now().toString(36)}` })
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    findAvatar(userId: number) {
      return db.selectFrom('user_avatars').select(['content_type', 'data']).where('user_id', '=', userId).executeTakeFirst();
    },

    async setLanguage(userId: number, language: Language): Promise<void> {
      await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
