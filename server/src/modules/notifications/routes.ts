import { Type } from 'typebox';
import { NOTIFICATION_PUBLISHER_ROLES } from '@academy/shared/contract';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { currentUser, requireRoles, requireUser } from '../../plugins/guards';
import { createNotificationRepository } from './repository';
import {
  CourseOptionSchema,
  MarkReadBody,
  NotificationParams,
  NotificationSchema,
  StaffListQuery,
  StaffNotificationBody,
  StaffNotificationPageSchema,
  StaffNotificationSchema,
} from './schemas';
import { createNotificationService } from './service';

const BELL = '/api/student/generalNotification';
const STAFF = '/api/staff/notifications';
const tags = ['notifications'];

/** The bell (notifications whose audience includes the caller, read marks) and staff publishing. */
export default async function notificationsModule(app: App): Promise<void> {
  const notifications = createNotificationService(app.clock, app.cacheChanges, createNotificationRepository(app.db));
  const publishers = requireRoles(NOTIFICATION_PUBLISHER_ROLES);

  app.get(
    BELL,
    {
      preHandler: requireUser,
      schema: { summary: 'The bell’s notifications, newest first', tags, response: Reply(Type.Array(NotificationSchema)) },
    },
    async (request) => ok(await notifications.list(currentUser(request))),
  );

  app.post(
    BELL,
    {
      preHandler: requireUser,
      schema: { summary: 'Mark a notification read', tags, body: MarkReadBody, response: Reply(Type.Boolean()) },
    },
    async (request) => {
      await notifications.markRead(request.body.sgnId, currentUser(request));
      return ok(true);
    },
  );

  app.get(
    STAFF,
    {
      preHandler: publishers,
      schema: {
        summary: 'Published notifications, newest first, with read counts and audience sizes',
        tags,
        querystring: StaffListQuery,
        response: Reply(StaffNotificationPageSchema),
      },
    },
    async (request) => ok(await notifications.staffList(request.query)),
  );

  app.post(
    STAFF,
    {
      preHandler: publishers,
      schema: {
        summary: 'Publish a notification to an audience',
        tags,
        body: StaffNotificationBody,
        response: Reply(StaffNotificationSchema),
      },
    },
    async (request) => ok(await notifications.publish(currentUser(request).id, request.body)),
  );

  app.get(
    `${STAFF}/courses`,
    {
      preHandler: publishers,
      schema: { summary: 'Courses a notification can be addressed to', tags, response: Reply(Type.Array(CourseOptionSchema)) },
    },
    async () => ok(await notifications.courses()),
  );

  app.put(
    `${STAFF}/:notificationId`,
    {
      preHandler: publishers,
      schema: {
        summary: 'Edit a published notification (its author or an administrator; the editor and time are kept)',
        tags,
        params: NotificationParams,
        body: StaffNotificationBody,
        response: Reply(StaffNotificationSchema),
      },
    },
    async (request) => ok(await notifications.edit(request.params.notificationId, request.body, currentUser(request))),
  );

  app.post(
    `${STAFF}/:notificationId/withdraw`,
    {
      preHandler: publishers,
      schema: {
        summary: 'Withdraw a published notification from every bell (its author or an administrator)',
        tags,
        params: NotificationParams,
        response: Reply(StaffNotificationSchema),
      },
    },
    async (request) => ok(await notifications.withdraw(request.params.notificationId, currentUser(request))),
  );
}
