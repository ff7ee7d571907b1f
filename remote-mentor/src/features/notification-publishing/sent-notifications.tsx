import { useState } from 'react';
import { failureOf, useGetProfileQuery } from '@academy/shared/api';
import type { StaffNotification } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { RichHtml } from '@academy/shared/rich-text';
import { Alert, Button, Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { useGetSentNotificationsQuery } from './publishing-api';

/** Whom a sent notification reaches, in words. */
function useAudienceText() {
  const t = useT();
  return ({ audience }: StaffNotification): string => {
    switch (audience.kind) {
      case 'ALL':
        return t('publishing.audience.ALL');
      case 'ROLE':
        return t('publishing.to.role', { role: audience.role ? t(`role.${audience.role}`) : '—' });
      case 'DIRECTION':
        return t('publishing.to.direction', { direction: audience.direction ? t(`direction.${audience.direction}`) : '—' });
      case 'COURSE':
        return t('publishing.to.course', { course: audience.name ?? '—' });
      case 'USER':
        return t('publishing.to.user', { name: audience.name ?? '—' });
    }
  };
}

interface ItemActions {
  editingId: number | null;
  onEdit(notification: StaffNotification): void;
  onWithdraw(notification: StaffNotification): void;
}

function SentItem({ notification: n, editingId, onEdit, onWithdraw }: { notification: StaffNotification } & ItemActions) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const audienceText = useAudienceText();
  const { data: profile } = useGetProfileQuery();
  const withdrawn = n.withdrawnAt !== null;
  return (
    <li className={`card sent-item${withdrawn ? ' sent-item--withdrawn' : ''}${editingId === n.id ? ' sent-item--editing' : ''}`}>
      <div className="sent-item__head">
        <h3 className="sent-item__title">{n.title}</h3>
        <span className="sent-item__chips">
          {n.important && <span className="chip chip--warning">{t('publishing.important')}</span>}
          {withdrawn && <span className="chip">{t('publishing.withdrawn')}</span>}
          {editingId === n.id && <span className="chip chip--success">{t('publishing.editing')}</span>}
        </span>
      </div>
      <p className="sent-item__audience">{audienceText(n)}</p>
      <details className="sent-item__details">
        <summary>{t('publishing.showMessage')}</summary>
        <RichHtml html={n.message} className="sent-item__message" />
      </details>
      <dl className="sent-item__facts">
        <div>
          <dt>{t('publishing.fact.published')}</dt>
          <dd>
            {formatDateTime(n.dateTime)}
            {n.author && ` · ${n.author.name}`}
          </dd>
        </div>
        {n.endTime && (
          <div>
            <dt>{t('publishing.fact.until')}</dt>
            <dd>{formatDateTime(n.endTime)}</dd>
          </div>
        )}
        {n.editedBy && n.updatedAt && (
          <div>
            <dt>{t('publishing.fact.edited')}</dt>
            <dd>{t('publishing.editedBy', { name: n.editedBy.name, at: formatDateTime(n.updatedAt) })}</dd>
          </div>
        )}
        {withdrawn && (
          <div>
            <dt>{t('publishing.fact.withdrawn')}</dt>
            <dd>{formatDateTime(n.withdrawnAt!)}</dd>
          </div>
        )}
        <div>
          <dt>{t('publishing.fact.read')}</dt>
          <dd>{t('publishing.readBy', { count: n.readCount, total: n.audienceSize })}</dd>
        </div>
      </dl>
      {/* only its author or an administrator changes a notification (the server's rule) */}
      {!withdrawn && (profile?.role.name === 'ADMIN' || profile?.id === n.author?.id) && (
        <div className="sent-item__actions">
          <Button variant="secondary" onClick={() => onEdit(n)} aria-label={t('publishing.editNamed', { title: n.title })}>
            {t('publishing.edit')}
          </Button>
          <Button variant="ghost" onClick={() => onWithdraw(n)} aria-label={t('publishing.withdrawNamed', { title: n.title })}>
            {t('publishing.withdraw')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** One page of the sent list (the first, or the one after `before`); the last page offers the next. */
function SentPage({
  before,
  last,
  onMore,
  ...actions
}: { before: number | null; last: boolean; onMore(next: number): void } & ItemActions) {
  const t = useT();
  const { data, error, isFetching, refetch } = useGetSentNotificationsQuery({ before });
  if (error && !data)
    return (
      <Alert kind="danger">
        <p>{failureOf(error).text || t('publishing.loadError')}</p>
        <Button variant="secondary" onClick={() => void refetch()} busy={isFetching}>
          {t('publishing.retry')}
        </Button>
      </Alert>
    );
  if (!data)
    return (
      <div className="sent-list__skeleton" role="status" aria-label={t('loading')}>
        <Skeleton height={120} />
        <Skeleton height={120} />
      </div>
    );
  if (before === null && data.items.length === 0) return <p className="sent-list__empty">{t('publishing.empty')}</p>;
  return (
    <>
      <ul className="sent-list__items" aria-busy={isFetching}>
        {data.items.map((n) => (
          <SentItem key={n.id} notification={n} {...actions} />
        ))}
      </ul>
      {last && data.nextBefore !== null && (
        <Button variant="secondary" block onClick={() => onMore(data.nextBefore!)}>
          {t('publishing.more')}
        </Button>
      )}
    </>
  );
}

/** The notifications staff have sent, newest first, a page at a time, with their audience and readers. */
export function SentNotifications(actions: ItemActions) {
  const t = useT();
  const [cursors, setCursors] = useState<Array<number | null>>([null]);
  return (
    <section className="sent-list" aria-labelledby="sent-list-title">
      <h2 id="sent-list-title" className="publishing__subtitle">
        {t('publishing.sent')}
      </h2>
      {cursors.map((before, i) => (
        <SentPage
          key={before ?? 'first'}
          before={before}
          last={i === cursors.length - 1}
          onMore={(next) => setCursors((list) => [...list, next])}
          {...actions}
        />
      ))}
    </section>
  );
}
