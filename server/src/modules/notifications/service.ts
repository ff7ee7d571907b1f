import type { GeneralNotification } from '@academy/shared/contract';
import { notFound } from '../../plugins/errors';
import type { NotificationRepository } from './repository';

/** How many notifications the bell shows. */
const BELL_SIZE = 50;

export function createNotificationService(notifications: NotificationRepository) {
  return {
    list: (userId: number): Promise<GeneralNotification[]> => notifications.listFor(userId, BELL_SIZE),

    /** Marks a notification read; one the user may not see is a 404. */
    async markRead(notificationId: number, userId: number): Promise<void> {
      if (!(await notifications.isVisibleTo(notificationId, userId)))
        throw notFound('server.noNotification', { id: notificationId });
      await notifications.markRead(notificationId, userId);
    },
  };
}
