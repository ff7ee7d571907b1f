import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { GeneralNotification } from '@academy/shared/contract';
import { notFound, ok } from '../../plugins/errors';
import { currentUser, requireUser } from '../../plugins/session';

const PATH = '/api/student/generalNotification';

export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  /** The bell's list: notifications for everyone or for this user, newest first, with read state. */
  app.get(PATH, { preHandler: requireUser }, async (request) => {
    const user = currentUser(request);
    const rows = await app.db
      .selectFrom('notifications as n')
      .leftJoin('notification_reads as r', (join) => join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', user.id))
      .select([
        'n.id',
        'n.title',
        'n.message',
        'n.date_time',
        'n.end_time',
        'n.important',
        sql<boolean>`r.user_id is not null`.as('show'),
      ])
      .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', user.id)]))
      .orderBy('n.date_time', 'desc')
      .limit(50)
      .execute();
    return ok<GeneralNotification[]>(
      rows.map((row) => ({
        id: row.id,
        title: row.title,
        message: row.message,
        dateTime: row.date_time.toISOString(),
        endTime: row.end_time ? row.end_time.toISOString() : null,
        show: row.show,
        important: row.important,
      })),
    );
  });

  app.post<{ Body: { sgnId: number } }>(
    PATH,
    {
      preHandler: requireUser,
      schema: {
        body: {
          type: 'object',
          required: ['sgnId'],
          properties: { sgnId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const visible = await app.db
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', request.body.sgnId)
        .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', user.id)]))
        .executeTakeFirst();
      if (!visible) throw notFound(`There is no notification ${request.body.sgnId}`);
      await app.db
        .insertInto('notification_reads')
        .values({ notification_id: visible.id, user_id: user.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return ok(true);
    },
  );
}
