import { Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n';

/** The panel's head: its title and the unread count (the same while the list's code loads). */
export function NotificationsHead({ unread }: { unread: number }) {
  const t = useT();
  return (
    <div className="notifications__head">
      <h2 className="notifications__title">{t('header.notifications')}</h2>
      {unread > 0 && <span className="notifications__count">{t('notifications.unreadCount', { count: unread })}</span>}
    </div>
  );
}

/** The bell's list while it loads: three rows' skeletons (the list's first request, or the list's code). */
export function NotificationsLoading() {
  const t = useT();
  return (
    <div className="notifications__loading" role="status" aria-label={t('notifications.loading')}>
      <Skeleton height={44} />
      <Skeleton height={44} />
      <Skeleton height={44} />
    </div>
  );
}
