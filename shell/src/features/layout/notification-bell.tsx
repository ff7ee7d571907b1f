import { useState } from 'react';
import { useGetNotificationsQuery, useMarkNotificationReadMutation } from '@academy/shared/api';
import type { GeneralNotification } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { useT } from '../../i18n';
import { BellIcon, Dialog, Popover, Skeleton } from '@academy/shared/ui';

/** Spec 1 §4: the list is refreshed every 60 seconds. */
export const NOTIFICATION_POLLING_MS = 60_000;

/** Notification messages are HTML written by staff; the bell shows their text only. */
function plainText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

export function NotificationBell() {
  const { formatDateTime } = useI18n();
  const t = useT();
  const {
    data: notifications,
    isLoading,
    isError,
  } = useGetNotificationsQuery(undefined, {
    pollingInterval: NOTIFICATION_POLLING_MS,
  });
  const [markRead] = useMarkNotificationReadMutation();
  const [opened, setOpened] = useState<GeneralNotification | null>(null);
  const [openedAt] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState<number[]>([]);

  const unread = notifications?.filter((n) => !n.show) ?? [];
  // An important unread notification whose end time is still ahead opens by itself.
  const important =
    notifications?.find(
      (n) => n.important && !n.show && n.endTime && Date.parse(n.endTime) > openedAt && !dismissed.includes(n.id),
    ) ?? null;
  const shown = opened ?? important;

  const open = (notification: GeneralNotification) => {
    setOpened(notification);
    if (!notification.show) void markRead(notification.id);
  };
  const close = () => {
    if (shown && !shown.show) void markRead(shown.id);
    if (important) setDismissed((ids) => [...ids, important.id]);
    setOpened(null);
  };

  const label =
    unread.length > 0
      ? `${t('header.notifications')}, ${t('header.unread', { count: unread.length })}`
      : t('header.notifications');

  return (
    <>
      <Popover
        label={t('header.notifications')}
        trigger={(props) => (
          <button type="button" className="icon-btn" aria-label={label} {...props}>
            <BellIcon />
            {unread.length > 0 && (
              <span className="badge" aria-hidden>
                {unread.length}
              </span>
            )}
          </button>
        )}
      >
        {(closePanel) => (
          <div className="notifications">
            <h2 className="notifications__title">{t('header.notifications')}</h2>
            {isLoading && <Skeleton height={48} />}
            {isError && <p className="notifications__empty">{t('notifications.loadError')}</p>}
            {notifications && notifications.length === 0 && <p className="notifications__empty">{t('notifications.empty')}</p>}
            {notifications && notifications.length > 0 && (
              <ul className="menu-list">
                {notifications.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      className={`menu-list__item notifications__item${n.show ? '' : ' notifications__item--unread'}`}
                      onClick={() => {
                        closePanel();
                        open(n);
                      }}
                    >
                      <span className="notifications__item-title">{n.title}</span>
                      <span className="notifications__date">{formatDateTime(n.dateTime)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Popover>
      <Dialog open={shown !== null} title={shown?.title ?? ''} onClose={close} closeLabel={t('close')}>
        <p>{shown ? plainText(shown.message) : ''}</p>
      </Dialog>
    </>
  );
}
