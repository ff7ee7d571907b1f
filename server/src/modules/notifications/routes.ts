import { Type } from 'typebox';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../plugins/errors';
import { currentUser, requireUser } from '../../plugins/session';
import { createNotificationRepository } from './repository';
import { MarkReadBody, NotificationSchema } from './schemas';
import { createNotificationService } from './service';

const PATH = '/api/student/generalNotification';
const tags = ['notifications'];

/** The bell: notifications for everyone or for one user, and their read state. */
export default async function notificationsModule(app: App): Promise<void> {
  const notifications = createNotificationService(createNotificationRepository(app.db));

  app.get(
    PATH,
    {
      preHandler: requireUser,
      schema: { summary: 'The bell’s notifications, newest first', tags, response: Reply(Type.Array(NotificationSchema)) },
    },
    async (request) => ok(await notifications.list(currentUser(request).id)),
  );

  app.post(
    PATH,
    {
      preHandler: requireUser,
      schema: { summary: 'Mark a notification read', tags, body: MarkReadBody, response: Reply(Type.Boolean()) },
    },
    async (request) => {
      await notifications.markRead(request.body.sgnId, currentUser(request).id);
      return ok(true);
    },
  );
}
