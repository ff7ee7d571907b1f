import { useEffect, useState } from 'react';
import type { AdminAuditEntry, AdminAuditInvitation, AdminAuditValue, AdminPerson } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { Alert, Button, Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { AUDIT_CHUNK, useGetAdminAuditQuery, useGetAdminUserAuditQuery } from './admin-api';
import { useLabels } from './labels';

const name = (person: AdminPerson) => `${person.firstName} ${person.lastName}`.trim();

const isInvitation = (value: AdminAuditValue): value is AdminAuditInvitation =>
  typeof value === 'object' && value !== null && 'email' in value;

/** One change in words: what changed, from what to what. */
function useDescribe(): (entry: AdminAuditEntry) => string {
  const t = useT();
  const labels = useLabels();
  const none = t('admin.log.none');
  const text = (value: AdminAuditValue, label: (code: string) => string) => (typeof value === 'string' ? label(value) : none);
  return (entry) => {
    const { oldValue, newValue } = entry;
    switch (entry.action) {
      case 'ROLE':
        return t('admin.log.role', { from: text(oldValue, labels.role), to: text(newValue, labels.role) });
      case 'PAYMENT_TYPE':
        return t('admin.log.payment', { from: text(oldValue, labels.payment), to: text(newValue, labels.payment) });
      case 'MENTOR': {
        const mentor = (value: AdminAuditValue) => (value && typeof value === 'object' && 'name' in value ? value.name : none);
        return t('admin.log.mentor', { from: mentor(oldValue), to: mentor(newValue) });
      }
      case 'INACTIVATION':
        if (newValue === null) return t('admin.log.reasonLifted', { reason: text(oldValue, labels.reason) });
        return t('admin.log.reasonSet', { reason: text(newValue, labels.reason) });
      case 'BLOCKED':
        return newValue === true ? t('admin.log.blocked') : t('admin.log.unblocked');
      case 'INVITATION_CREATED':
        return isInvitation(newValue)
          ? t('admin.log.invited', { email: newValue.email, role: labels.role(newValue.role) })
          : t('admin.log.invitedUnknown');
      case 'INVITATION_REVOKED':
        return isInvitation(oldValue) ? t('admin.log.revoked', { email: oldValue.email }) : t('admin.log.revokedUnknown');
    }
  };
}

/** The entries of one page of the log, as list items. */
function Entries({ entries, showUser }: { entries: AdminAuditEntry[]; showUser: boolean }) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const describe = useDescribe();
  return (
    <>
      {entries.map((entry) => (
        <li key={entry.id} className="admin-log__entry">
          <span className="admin-log__what">
            {showUser && entry.user && <strong>{name(entry.user)}: </strong>}
            {describe(entry)}
          </span>
          <span className="admin-log__meta">
            {t('admin.log.by', { name: entry.actor ? name(entry.actor) : t('admin.log.unknownActor') })}
            {', '}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
        </li>
      ))}
    </>
  );
}

/** One page of the log after `before` (a user's, or everyone's); tells the list where the next one starts. */
function LogChunk({
  userId,
  before,
  showUser,
  onNext,
}: {
  userId: number | null;
  before: number | undefined;
  showUser: boolean;
  /** the last page's: where the next page starts (null: none) */
  onNext?: (next: number | null) => void;
}) {
  const t = useT();
  const query = { limit: AUDIT_CHUNK, ...(before !== undefined ? { before } : {}) };
  const ofUser = useGetAdminUserAuditQuery({ id: userId ?? 0, ...query }, { skip: userId === null });
  const everyone = useGetAdminAuditQuery(query, { skip: userId !== null });
  const page = userId === null ? everyone : ofUser;
  const nextBefore = page.data?.nextBefore;
  useEffect(() => {
    if (onNext && nextBefore !== undefined) onNext(nextBefore);
  }, [onNext, nextBefore]);
  if (page.isError) {
    return (
      <li>
        <Alert kind="danger">{t('admin.log.loadError')}</Alert>
      </li>
    );
  }
  if (!page.data) {
    return (
      <li className="admin-log__skeleton" aria-hidden>
        <Skeleton height={18} />
        <Skeleton width="60%" height={14} />
      </li>
    );
  }
  return <Entries entries={page.data.entries} showUser={showUser} />;
}

/**
 * The log of changes, newest first, in pages of AUDIT_CHUNK with "show more": a user's (who changed
 * what and when) or everyone's (the recent changes, each naming whose account).
 */
export function AuditLog({ userId, labelledBy }: { userId: number | null; labelledBy: string }) {
  const t = useT();
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  const [next, setNext] = useState<number | null | undefined>(undefined);
  const first = useGetAdminUserAuditQuery({ id: userId ?? 0, limit: AUDIT_CHUNK }, { skip: userId === null });
  const firstAll = useGetAdminAuditQuery({ limit: AUDIT_CHUNK }, { skip: userId !== null });
  const firstPage = userId === null ? firstAll.data : first.data;
  if (firstPage && firstPage.entries.length === 0) return <p className="admin-log__empty">{t('admin.log.empty')}</p>;
  return (
    <>
      <ol className="admin-log" aria-labelledby={labelledBy}>
        {cursors.map((before, i) => (
          <LogChunk
            key={before ?? 'first'}
            userId={userId}
            before={before}
            showUser={userId === null}
            {...(i === cursors.length - 1 ? { onNext: setNext } : {})}
          />
        ))}
      </ol>
      {typeof next === 'number' && (
        <Button
          variant="secondary"
          className="admin-log__more"
          onClick={() => {
            setCursors((all) => [...all, next]);
            setNext(undefined);
          }}
        >
          {t('admin.log.more')}
        </Button>
      )}
    </>
  );
}
