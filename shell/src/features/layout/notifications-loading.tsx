import { Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n';

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
