import { useId, useState } from 'react';
import type { ApiFailure } from '@academy/shared/api';
import {
  ADMIN_SEARCH_MAX,
  ADMIN_USERS_PAGE,
  DIRECTIONS,
  INACTIVATION_FILTERS,
  PAYMENT_TYPES,
  ROLES,
  type AdminUser,
  type AdminUserQuery,
  type Direction,
  type InactivationFilter,
  type PaymentType,
  type RoleName,
} from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { Alert, Button, EmailText, SelectField, Skeleton, TextField, useDebounced } from '@academy/shared/ui';
import { DirectionName } from '@academy/shared/ui/direction';
import { useT } from '../../i18n';
import { useGetAdminUsersQuery } from './admin-api';
import { AuditLog } from './audit-log';
import { Invitations } from './invitations';
import { useLabels } from './labels';
import { UserPanel } from './user-panel';
import '../../components/staff-table.css';
import './admin-users.css';

interface Filters {
  search: string;
  role: RoleName | '';
  direction: Direction | '';
  paymentType: PaymentType | '';
  blocked: '' | 'true' | 'false';
  inactivation: InactivationFilter | '';
}

const NO_FILTERS: Filters = { search: '', role: '', direction: '', paymentType: '', blocked: '', inactivation: '' };

/** The call's query: the filters that are set, the search once typing pauses. */
function toQuery(filters: Filters, search: string, page: number): AdminUserQuery {
  const query: AdminUserQuery = { page, pageSize: ADMIN_USERS_PAGE.default };
  if (search) query.search = search;
  if (filters.role) query.role = filters.role;
  if (filters.direction) query.direction = filters.direction;
  if (filters.paymentType) query.paymentType = filters.paymentType;
  if (filters.blocked) query.blocked = filters.blocked === 'true';
  if (filters.inactivation) query.inactivation = filters.inactivation;
  return query;
}

/** Search and filters of the list. */
function UserFilters({ filters, onChange }: { filters: Filters; onChange(next: Filters): void }) {
  const t = useT();
  const labels = useLabels();
  const set = <K extends keyof Filters>(name: K, value: Filters[K]) => onChange({ ...filters, [name]: value });
  const any = Object.entries(filters).some(([, value]) => value !== '');
  return (
    <div className="admin-users__filters" role="group" aria-label={t('admin.filters')}>
      <TextField
        className="admin-users__search"
        label={t('admin.search')}
        hint={t('admin.searchHint')}
        type="search"
        maxLength={ADMIN_SEARCH_MAX}
        value={filters.search}
        onChange={(event) => set('search', event.target.value)}
      />
      <SelectField
        label={t('admin.column.role')}
        value={filters.role}
        onChange={(e) => set('role', e.target.value as Filters['role'])}
      >
        <option value="">{t('admin.filter.all')}</option>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {labels.role(role)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('admin.column.direction')}
        value={filters.direction}
        onChange={(e) => set('direction', e.target.value as Filters['direction'])}
      >
        <option value="">{t('admin.filter.all')}</option>
        {DIRECTIONS.map((direction) => (
          <option key={direction} value={direction}>
            {labels.direction(direction)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('admin.column.payment')}
        value={filters.paymentType}
        onChange={(e) => set('paymentType', e.target.value as Filters['paymentType'])}
      >
        <option value="">{t('admin.filter.all')}</option>
        {PAYMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {labels.payment(type)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('admin.filter.blocked')}
        value={filters.blocked}
        onChange={(e) => set('blocked', e.target.value as Filters['blocked'])}
      >
        <option value="">{t('admin.filter.all')}</option>
        <option value="false">{t('admin.filter.notBlocked')}</option>
        <option value="true">{t('admin.filter.onlyBlocked')}</option>
      </SelectField>
      <SelectField
        label={t('admin.filter.reason')}
        value={filters.inactivation}
        onChange={(e) => set('inactivation', e.target.value as Filters['inactivation'])}
      >
        <option value="">{t('admin.filter.all')}</option>
        {INACTIVATION_FILTERS.map((value) => (
          <option key={value} value={value}>
            {value === 'ANY' ? t('admin.filter.anyReason') : value === 'NONE' ? t('admin.filter.noReason') : labels.reason(value)}
          </option>
        ))}
      </SelectField>
      {any && (
        <Button variant="ghost" className="admin-users__reset" onClick={() => onChange(NO_FILTERS)}>
          {t('admin.filter.reset')}
        </Button>
      )}
    </div>
  );
}

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
          {user.direction ? <DirectionName direction={user.direction} name={labels.direction(user.direction)} size={20} /> : '—'}
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
 * The administrator's users screen (`/admin/users/`; README, "Administration"): the users, searched and
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
  const users = useGetAdminUsersQuery(toQuery(filters, search, page), { refetchOnMountOrArgChange: true });
  const data = users.data;
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
          <p>{(users.error as ApiFailure).text || t('admin.loadError')}</p>
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
