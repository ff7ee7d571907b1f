import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { failureOf } from '@academy/shared/api';
import {
  DIRECTIONS,
  PAYMENT_TYPES,
  STAFF_VIEW_ROLES,
  type RoleName,
  type SortOrder,
  type StaffStudentSort,
} from '@academy/shared/contract';
import { Button, Checkbox, SelectField, Skeleton, TextField, useDebounced, usePrerenderedHandoff } from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import { useT, type TextKey } from '../../i18n';
import { DEFAULT_ORDER, isNarrowed, listScopeOf, readParams, toQuery, writeParams, type ListParams } from './list-params';
import { StudentRow } from './student-row';
import { useGetStaffStudentListQuery } from './students-api';

/** A column header that sorts the list: a button inside, the state in `aria-sort`. */
function SortHeader({
  sort,
  label,
  params,
  onSort,
}: {
  sort: StaffStudentSort;
  label: string;
  params: ListParams;
  onSort(sort: StaffStudentSort, order: SortOrder): void;
}) {
  const t = useT();
  const active = params.sort === sort;
  const next: SortOrder = active ? (params.order === 'asc' ? 'desc' : 'asc') : DEFAULT_ORDER[sort];
  return (
    <th scope="col" aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className={`students-sort${active ? ' students-sort--active' : ''}`}
        onClick={() => onSort(sort, next)}
        title={t(next === 'asc' ? 'students.sortAsc' : 'students.sortDesc')}
      >
        {label}
        <span aria-hidden className="students-sort__arrow">
          {active ? (params.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

const SORT_CHOICES: Array<[StaffStudentSort, SortOrder, TextKey]> = [
  ['name', 'asc', 'students.sortNameAsc'],
  ['name', 'desc', 'students.sortNameDesc'],
  ['lastActivity', 'desc', 'students.sortActivityDesc'],
  ['lastActivity', 'asc', 'students.sortActivityAsc'],
  ['progress', 'desc', 'students.sortProgressDesc'],
  ['progress', 'asc', 'students.sortProgressAsc'],
];

/**
 * Whether this page is being left since its address last changed: a link the router takes over (mouse
 * or Enter) starts a navigation that this page cannot see while the next area loads, and the browser's
 * address may already be another page's.
 */
function useLeaving(): () => boolean {
  const leaving = useRef(false);
  // where the browser's address was when this page last saw its own location change (read once mounted:
  // the server renders this page too, and has no address of the browser's)
  const browserPath = useRef<string | null>(null);
  const { key } = useLocation();
  useEffect(() => {
    leaving.current = false;
    browserPath.current = window.location.pathname;
  }, [key]);
  useEffect(() => {
    // after the router's link handler: a link it took over (not one opened in a new tab) navigates
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented && event.target instanceof Element && event.target.closest('a[href]')) {
        leaving.current = true;
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return () => leaving.current || (browserPath.current !== null && window.location.pathname !== browserPath.current);
}

/**
 * The staff's students (docs/courses.md, "Staff students list and view-as mode"): searched, filtered, sorted
 * by the column headers (a select on a phone, where rows are cards), a page at a time; the state lives
 * in the address, so coming back from a student's pages finds the list as it was.
 */
export function StudentsList({ role }: { role: RoleName }) {
  const t = useT();
  const scope = listScopeOf(role);
  const [search, setSearch] = useSearchParams();
  const params = readParams(search, scope);
  const [text, setText] = useState(params.query);
  const settled = useDebounced(text.trim(), 250);
  const canViewAsStudent = STAFF_VIEW_ROLES.includes(role);
  const update = (change: Partial<ListParams>) =>
    setSearch(writeParams({ ...params, page: 1, ...change }, scope), { replace: true });
  const leaving = useLeaving();
  // the settled search text goes into the address (and back to the first page), unless a link was
  // followed meanwhile: the list stays on screen while the next area loads, and writing its address
  // then would bring the user back here
  useEffect(() => {
    if (settled !== params.query && !leaving()) update({ query: settled });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the settled text changes
  }, [settled]);

  const list = useGetStaffStudentListQuery(toQuery(params, params.query, scope), { refetchOnMountOrArgChange: 30 });
  // the list the server rendered stays until this one is here
  usePrerenderedHandoff(list.isSuccess || list.isError);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  // "5 minutes ago" as of the moment the page arrived
  const now = list.fulfilledTimeStamp ?? 0;
  const empty = params.mine ? 'students.emptyMine' : isNarrowed(params, scope) ? 'staff.empty' : 'students.none';

  const body = (
    <QueryState
      query={list}
      skeleton={
        <div className="staff-home__skeleton" role="status" aria-label={t('loading')}>
          <Skeleton width="30%" height={18} />
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </div>
      }
      error={failureOf(list.error).text || t('staff.loadError')}
      retry
      empty={<p className="staff-home__empty">{t(empty)}</p>}
      isEmpty={(found) => found.total === 0}
    >
      {(data) => (
        <>
          <p className="students__summary" aria-live="polite">
            {t('students.found', { count: data.total })}
          </p>
          <div className="students__sort-select">
            <SelectField
              label={t('students.sortBy')}
              value={`${params.sort}:${params.order}`}
              onChange={(event) => {
                const [sort, order] = event.target.value.split(':') as [StaffStudentSort, SortOrder];
                update({ sort, order });
              }}
            >
              {SORT_CHOICES.map(([sort, order, label]) => (
                <option key={`${sort}:${order}`} value={`${sort}:${order}`}>
                  {t(label)}
                </option>
              ))}
            </SelectField>
          </div>
          <div
            className="table-wrap students__table-wrap"
            role="region"
            aria-label={t(scope.title)}
            // axe's scrollable-region-focusable: a region that scrolls must be reachable by the keyboard
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-busy={list.isFetching}
          >
            <table className="staff-table students-table">
              <caption className="visually-hidden">{t(scope.title)}</caption>
              <thead>
                <tr>
                  <SortHeader
                    sort="name"
                    label={t('students.student')}
                    params={params}
                    onSort={(sort, order) => update({ sort, order })}
                  />
                  <th scope="col">{t('staff.direction')}</th>
                  <th scope="col">{t('students.mentor')}</th>
                  <th scope="col">{t('students.payment')}</th>
                  <SortHeader
                    sort="progress"
                    label={t('students.progress')}
                    params={params}
                    onSort={(sort, order) => update({ sort, order })}
                  />
                  <SortHeader
                    sort="lastActivity"
                    label={t('students.activity')}
                    params={params}
                    onSort={(sort, order) => update({ sort, order })}
                  />
                  {canViewAsStudent && <th scope="col">{t('staff.pages')}</th>}
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <StudentRow key={row.id} row={row} canViewAsStudent={canViewAsStudent} now={now} />
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="students__pager" aria-label={t('students.pages')}>
              <Button variant="secondary" disabled={params.page <= 1} onClick={() => update({ page: params.page - 1 })}>
                {t('queue.prev')}
              </Button>
              <span>{t('queue.pageOf', { page: Math.min(params.page, pages), pages })}</span>
              <Button variant="secondary" disabled={params.page >= pages} onClick={() => update({ page: params.page + 1 })}>
                {t('queue.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </QueryState>
  );

  return (
    <div className="card staff-home__card">
      <h2 className="staff-home__subtitle">{t(scope.title)}</h2>
      {scope.currentOnly && <p className="staff-home__who">{t('students.currentNote')}</p>}
      <TextField
        label={t('staff.search')}
        type="search"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        hint={t('staff.searchHint')}
      />
      <div className="students__filters" role="group" aria-label={t('students.filters')}>
        <SelectField
          label={t('staff.direction')}
          value={params.direction}
          onChange={(event) => update({ direction: event.target.value as ListParams['direction'] })}
        >
          <option value="">{t('students.anyDirection')}</option>
          {DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {t(`direction.${direction}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('students.payment')}
          value={params.paymentType}
          onChange={(event) => update({ paymentType: event.target.value as ListParams['paymentType'] })}
        >
          <option value="">{t('students.anyPayment')}</option>
          {PAYMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`students.payment.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('staff.kind')}
          value={params.role}
          onChange={(event) => update({ role: event.target.value as ListParams['role'] })}
        >
          <option value="">{t('students.anyKind')}</option>
          <option value="PAY_STUDENT">{t('students.kind.PAY_STUDENT')}</option>
          <option value="STUDENT">{t('students.kind.STUDENT')}</option>
        </SelectField>
        {scope.mineSwitch && (
          <Checkbox
            label={t('students.mineOnly')}
            checked={params.mine}
            onChange={(event) => update({ mine: event.target.checked })}
          />
        )}
        {!scope.currentOnly && (
          <Checkbox
            label={t('students.currentOnly')}
            checked={params.current}
            onChange={(event) => update({ current: event.target.checked })}
          />
        )}
      </div>
      {body}
    </div>
  );
}
