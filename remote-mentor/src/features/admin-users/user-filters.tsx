import {
  ADMIN_SEARCH_MAX,
  ADMIN_USERS_PAGE,
  DIRECTIONS,
  INACTIVATION_FILTERS,
  PAYMENT_TYPES,
  ROLES,
  type AdminUserQuery,
  type Direction,
  type InactivationFilter,
  type PaymentType,
  type RoleName,
} from '@academy/shared/contract';
import { Button, SelectField, TextField } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { useLabels } from './labels';

/** The list's search and filters, as the form holds them ('' is "any"). */
export interface Filters {
  search: string;
  role: RoleName | '';
  direction: Direction | '';
  paymentType: PaymentType | '';
  blocked: '' | 'true' | 'false';
  inactivation: InactivationFilter | '';
}

export const NO_FILTERS: Filters = { search: '', role: '', direction: '', paymentType: '', blocked: '', inactivation: '' };

/** The call's query: the filters that are set, the search once typing pauses. */
export function toQuery(filters: Filters, search: string, page: number): AdminUserQuery {
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
export function UserFilters({ filters, onChange }: { filters: Filters; onChange(next: Filters): void }) {
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
