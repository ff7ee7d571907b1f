import { sql, type Kysely } from 'kysely';
import type { GeneralNotification } from '@academy/shared/contract';
import type { Database } from '../../db/schema';

export function createNotificationRepository(db: Kysely<Database>) {
  return {
    /** Notifications for everyone or for this user, newest first, with the user's read state. */
    async listFor(userId: number, limit: number): Promise<GeneralNotification[]> {
      const rows = await db
        .selectFrom('notifications as n')
        .leftJoin('notification_reads as r', (join) => join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', userId))
        .select([
          'n.id',
          'n.title',
          'n.message',
          'n.date_time',
          'n.end_time',
          'n.important',
          sql<boolean>`r.user_id is not null`.as('show'),
        ])
        .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', userId)]))
        .orderBy('n.date_time', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        message: row.message,
        dateTime: row.date_time.toISOString(),
        endTime: row.end_time ? row.end_time.toISOString() : null,
        show: row.show,
        important: row.important,
      }));
    },

    /** Whether the user may see a notification (it is for everyone or for them). */
    async isVisibleTo(notificationId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', notificationId)
        .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    async markRead(notificationId: number, userId: number): Promise<void> {
      await db
        .insertInto('notification_reads')
        .values({ notification_id: notificationId, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
