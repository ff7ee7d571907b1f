import { useId, useState } from 'react';
import { failureOf, REFRESH_ON_MOUNT_AFTER_S } from '@academy/shared/api';
import type { AdminUser } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { Alert, Button, EmailText, Skeleton, useDebounced, usePrerenderedHandoff } from '@academy/shared/ui';
import { DirectionCell } from '../../components/direction-cell';
import { useT } from '../../i18n';
import { useGetAdminUsersQuery } from './admin-api';
import { AuditLog } from './audit-log';
import { Invitations } from './invitations';
import { useLabels } from './labels';
import { UserPanel } from './user-panel';
import { NO_FILTERS, toQuery, UserFilters, type Filters } from './user-filters';
import '../../components/staff-table.css';
import './admin-users.css';

/** The user's state in words: blocked, the reason, or active. */
function UserState({ user }: { user: AdminUser }) {
  const t = useT();
  const labels = useLabels();
  return (
    <span className="admin-users__state">
      {user.blocked && <span className="chip admin-chip--danger">{t('admin.state.blocked')}</span>}
      {user.inactivationReason && <span className="chip chip--warning">{labels.reason(user.inactivationReason)}</span>}
      {!user.blocked && !user.inactivationReason && <span className="chip chip--success">{t('admin.state.active')}</span>}
    </span>
  );
}

/** One user: a table row, a card on a phone. */
function UserRow({ user, onOpen }: { user: AdminUser; onOpen(user: AdminUser): void }) {
  const t = useT();
  const labels = useLabels();
  const { formatDateTime } = useI18n();
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <tr className="admin-row">
      <th scope="row" className="admin-row__user">
        <span className="admin-row__name">{name}</span>
        <EmailText className="admin-row__note" email={user.email} />
      </th>
      <td data-label={t('admin.column.role')}>
        <span className="staff-table__value">{labels.role(user.role)}</span>
      </td>
      <td data-label={t('admin.column.direction')}>
        <span className="staff-table__value">
          <DirectionCell direction={user.direction} name={labels.direction} />
        </span>
      </td>
      <td data-label={t('admin.column.payment')}>
        <span className="staff-table__value">{user.paymentType ? labels.payment(user.paymentType) : '—'}</span>
      </td>
      <td data-label={t('admin.column.mentor')}>
        <span className="staff-table__value">
          {user.mentor ? `${user.mentor.firstName} ${user.mentor.lastName}`.trim() : '—'}
        </span>
      </td>
      <td data-label={t('admin.column.state')}>
        <span className="staff-table__value">
          <UserState user={user} />
        </span>
      </td>
      <td data-label={t('admin.column.lastSignIn')}>
        <span className="staff-table__value">{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('admin.never')}</span>
      </td>
      <td className="admin-row__actions">
        <Button variant="secondary" aria-label={t('admin.openFor', { name })} onClick={() => onOpen(user)}>
          {t('admin.open')}
        </Button>
      </td>
    </tr>
  );
}

/**
 * The administrator's users screen (`/admin/users/`; docs/administration.md, "Administration"): the users, searched and
 * filtered, each opening a panel to change their role, payment type, mentor, inactivation reason and
 * block, with the log of their changes; the invitations (make one, see and revoke the pending ones);
 * the recent changes of every administrator.
 */
export default function AdminUsersPage() {
  const t = useT();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const search = useDebounced(filters.search.trim(), 300);
  const users = useGetAdminUsersQuery(toQuery(filters, search, page), { refetchOnMountOrArgChange: REFRESH_ON_MOUNT_AFTER_S });
  const data = users.data;
  // the users the server rendered stay until these are here
  usePrerenderedHandoff(users.isSuccess || users.isError);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // users changed meanwhile may leave a page empty: go to the last one there is (adjusted while rendering)
  if (data && page > pages) setPage(pages);
  const invitationsTitle = useId();
  const recentTitle = useId();

  return (
    <section className="admin-users" aria-labelledby="admin-users-title">
      <h1 id="admin-users-title">{t('admin.title')}</h1>
      <p className="admin-users__lead">{t('admin.lead')}</p>
      <UserFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {users.isError && !data ? (
        <Alert kind="danger">
          <p>{failureOf(users.error).text || t('admin.loadError')}</p>
          <Button variant="secondary" busy={users.isFetching} onClick={() => void users.refetch()}>
            {t('admin.retry')}
          </Button>
        </Alert>
      ) : !data ? (
        <div className="admin-users__skeleton" role="status" aria-label={t('loading')}>
          <Skeleton width="30%" height={20} />
          <Skeleton height={52} />
          <Skeleton height={52} />
          <Skeleton height={52} />
        </div>
      ) : data.total === 0 ? (
        <p className="card admin-users__empty">{t('admin.empty')}</p>
      ) : (
        <>
          <p className="admin-users__summary" aria-live="polite">
            {t('admin.summary', { total: data.total })}
          </p>
          {/* a region the keyboard can scroll when a narrow window cannot show every column */}
          <div
            className="admin-users__table-wrap"
            role="region"
            aria-label={t('admin.caption')}
            // axe's scrollable-region-focusable: a region that scrolls must be reachable by the keyboard
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-busy={users.isFetching}
          >
            <table className="staff-table">
              <caption className="visually-hidden">{t('admin.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.column.user')}</th>
                  <th scope="col">{t('admin.column.role')}</th>
                  <th scope="col">{t('admin.column.direction')}</th>
                  <th scope="col">{t('admin.column.payment')}</th>
                  <th scope="col">{t('admin.column.mentor')}</th>
                  <th scope="col">{t('admin.column.state')}</th>
                  <th scope="col">{t('admin.column.lastSignIn')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.column.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => (
                  <UserRow key={user.id} user={user} onOpen={(chosen) => setOpen(chosen.id)} />
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="admin-users__pager" aria-label={t('admin.pages')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('admin.prev')}
              </Button>
              <span>{t('admin.pageOf', { page: data.page, pages })}</span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t('admin.next')}
              </Button>
            </nav>
          )}
        </>
      )}

      <section className="admin-users__section" aria-labelledby={invitationsTitle}>
        <h2 id={invitationsTitle}>{t('admin.invite.title')}</h2>
        <Invitations />
      </section>

      <section className="admin-users__section" aria-labelledby={recentTitle}>
        <h2 id={recentTitle}>{t('admin.recent')}</h2>
        <div className="card admin-users__recent">
          <AuditLog userId={null} labelledBy={recentTitle} />
        </div>
      </section>

      <UserPanel userId={open} onClose={() => setOpen(null)} />
    </section>
  );
}
