import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Meeting links behind short codes (reviews, calls). */
export function createMeetRepository(db: Kysely<Database>) {
  return {
    /** The address of a code's link unless it has expired. */
    async findLiveUrl(code: string): Promise<string | undefined> {
      const link = await db
        .selectFrom('meet_links')
        .select('url')
        .where('code', '=', code)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
        .executeTakeFirst();
      return link?.url;
    },
  };
}

export type MeetRepository = ReturnType<typeof createMeetRepository>;
