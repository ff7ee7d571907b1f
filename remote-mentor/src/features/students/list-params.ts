import {
  DIRECTIONS,
  LEARNER_ROLES,
  PAYMENT_TYPES,
  STAFF_STUDENT_PAGE,
  STAFF_STUDENT_SORTS,
  type Direction,
  type LearnerRole,
  type PaymentType,
  type RoleName,
  type SortOrder,
  type StaffStudentQuery,
  type StaffStudentSort,
} from '@academy/shared/contract';
import type { TextKey } from '../../i18n';

/** What a staff role's list is (docs/courses.md, "Staff students list and view-as mode"). */
export interface ListScope {
  title: TextKey;
  /** the list holds current learners only, always (the managers' "current students") */
  currentOnly: boolean;
  /** the "my students only" switch is there (mentors) */
  mineSwitch: boolean;
  /** and on until switched off */
  mineByDefault: boolean;
  /** the caller's own students come first (mentors) */
  mineFirst: boolean;
}

/** The curator's list is everyone, the managers' the current learners; a mentor sees their own first. */
export function listScopeOf(role: RoleName): ListScope {
  switch (role) {
    case 'CURATOR':
      return { title: 'students.all', currentOnly: false, mineSwitch: false, mineByDefault: false, mineFirst: false };
    case 'MANAGER':
    case 'CHIEF_MANAGER':
      return { title: 'students.current', currentOnly: true, mineSwitch: false, mineByDefault: false, mineFirst: false };
    case 'MENTOR':
    case 'CHIEF_MENTOR':
      return { title: 'staff.students', currentOnly: false, mineSwitch: true, mineByDefault: false, mineFirst: true };
    default:
      return { title: 'staff.students', currentOnly: false, mineSwitch: false, mineByDefault: false, mineFirst: false };
  }
}

/** The list's state as the page's address keeps it (back from a student's pages, the list is as it was). */
export interface ListParams {
  query: string;
  direction: Direction | '';
  paymentType: PaymentType | '';
  role: LearnerRole | '';
  mine: boolean;
  current: boolean;
  sort: StaffStudentSort;
  order: SortOrder;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/** The default order of each sort: names A to Z, the most recent activity and the most progress first. */
export const DEFAULT_ORDER: Record<StaffStudentSort, SortOrder> = { name: 'asc', lastActivity: 'desc', progress: 'desc' };

/** Reads the list's state from the address; anything unknown falls back to the default. */
export function readParams(search: URLSearchParams, scope: ListScope): ListParams {
  const sort = oneOf(STAFF_STUDENT_SORTS, search.get('sort')) || 'name';
  const order = oneOf(['asc', 'desc'] as const, search.get('order')) || DEFAULT_ORDER[sort];
  const page = Number(search.get('page'));
  const mine = search.get('mine');
  return {
    query: (search.get('q') ?? '').slice(0, 100),
    direction: oneOf(DIRECTIONS, search.get('direction')),
    paymentType: oneOf(PAYMENT_TYPES, search.get('payment')),
    role: oneOf(LEARNER_ROLES, search.get('kind')),
    mine: scope.mineSwitch && (mine === null ? scope.mineByDefault : mine === '1'),
    current: scope.currentOnly || search.get('current') === '1',
    sort,
    order,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** Writes the list's state into the address, leaving out what is the default. */
export function writeParams(params: ListParams, scope: ListScope): URLSearchParams {
  const search = new URLSearchParams();
  if (params.query) search.set('q', params.query);
  if (params.direction) search.set('direction', params.direction);
  if (params.paymentType) search.set('payment', params.paymentType);
  if (params.role) search.set('kind', params.role);
  if (scope.mineSwitch && params.mine !== scope.mineByDefault) search.set('mine', params.mine ? '1' : '0');
  if (!scope.currentOnly && params.current) search.set('current', '1');
  if (params.sort !== 'name') search.set('sort', params.sort);
  if (params.order !== DEFAULT_ORDER[params.sort]) search.set('order', params.order);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** The call's query for the list's state (the search text already settled). */
export function toQuery(params: ListParams, search: string, scope: ListScope): StaffStudentQuery {
  const query: StaffStudentQuery = {
    sort: params.sort,
    order: params.order,
    page: params.page,
    pageSize: STAFF_STUDENT_PAGE.default,
  };
  if (search) query.query = search;
  if (params.direction) query.direction = params.direction;
  if (params.paymentType) query.paymentType = params.paymentType;
  if (params.role) query.role = params.role;
  if (params.mine) query.mine = true;
  if (params.current) query.current = true;
  if (scope.mineFirst && !params.mine) query.mineFirst = true;
  return query;
}

/** Whether anything narrows the list (an empty list then says "change the search"). */
export const isNarrowed = (params: ListParams, scope: ListScope): boolean =>
  Boolean(params.query || params.direction || params.paymentType || params.role) ||
  (params.mine && !scope.mineByDefault) ||
  (params.current && !scope.currentOnly);
