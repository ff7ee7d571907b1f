import { useGetNotificationsQuery } from '@academy/shared/api';
import type { GeneralNotification } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { BellIcon, Button } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { NotificationsHead, NotificationsLoading } from './notifications-loading';

export interface NotificationListProps {
  /** how many are unread (the bell's badge counts them too) */
  unread: number;
  /** a notification chosen: the panel closes and it opens */
  onOpen: (notification: GeneralNotification) => void;
}

/**
 * The bell's panel (spec 1 §4): the unread count, the list (loading, failed, empty), each one to open.
 * It reads the bell's list from the cache (the bell's subscription polls it; this one asks nothing more).
 */
export function NotificationList({ unread, onOpen }: NotificationListProps) {
  const { formatDateTime } = useI18n();
  const t = useT();
  const { data: notifications, isLoading, isError, isFetching, refetch } = useGetNotificationsQuery();
  return (
    <div className="notifications">
      <NotificationsHead unread={unread} />
      {isLoading && <NotificationsLoading />}
      {isError && !notifications && (
        <div className="notifications__state" role="alert">
          <p>{t('notifications.loadError')}</p>
          <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
            {t('notifications.retry')}
          </Button>
        </div>
      )}
      {notifications && notifications.length === 0 && (
        <div className="notifications__state">
          <BellIcon className="notifications__empty-icon" />
          <p>{t('notifications.empty')}</p>
        </div>
      )}
      {notifications && notifications.length > 0 && (
        <ul className="menu-list notifications__list">
          {notifications.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={`menu-list__item notifications__item${n.show ? '' : ' notifications__item--unread'}`}
                onClick={() => onOpen(n)}
              >
                <span className="notifications__dot" aria-hidden />
                <span className="notifications__text">
                  <span className="notifications__item-title">
                    {!n.show && <span className="visually-hidden">{t('notifications.unreadMark')} </span>}
                    {n.title}
                  </span>
                  <span className="notifications__meta">
                    {n.important && (
                      <span className="chip chip--warning notifications__chip">{t('notifications.important')}</span>
                    )}
                    {n.kind !== 'STAFF' && <span>{t(`notifications.kind.${n.kind}`)}</span>}
                    <span className="notifications__date">{formatDateTime(n.dateTime)}</span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
