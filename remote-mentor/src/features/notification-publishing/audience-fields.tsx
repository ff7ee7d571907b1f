import { useId, useState, type ReactNode, type SelectHTMLAttributes } from 'react';
import {
  DIRECTIONS,
  NOTIFICATION_AUDIENCES,
  ROLES,
  type Direction,
  type NotificationAudience,
  type RoleName,
} from '@academy/shared/contract';
import { Button, EmailText, Skeleton, TextField, useDebounced } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { useGetNotificationCoursesQuery, useSearchNotificationStudentsQuery } from './publishing-api';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled select in the UI kit's field style, its error announced and tied to it. */
export function SelectField({ label, error, children, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One student for a personal notification: searched by name or e-mail, or the one already chosen. */
function StudentPicker({
  chosen,
  error,
  onChoose,
}: {
  chosen: { id: number; name: string } | null;
  error?: string | undefined;
  onChoose(student: { id: number; name: string } | null): void;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), 250);
  const { data: students, isFetching, isError } = useSearchNotificationStudentsQuery(search, { skip: search.length < 2 });
  const resultsId = useId();

  if (chosen) {
    return (
      <div className="publishing__chosen">
        <span className="field__label">{t('publishing.audience.student')}</span>
        <div className="publishing__chosen-row">
          <span className="publishing__chosen-name">{chosen.name}</span>
          <Button variant="secondary" onClick={() => onChoose(null)}>
            {t('publishing.audience.changeStudent')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="publishing__picker">
      <TextField
        label={t('publishing.audience.searchStudent')}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        hint={t('publishing.audience.searchHint')}
        error={error}
        aria-controls={resultsId}
        autoComplete="off"
      />
      <div id={resultsId} aria-live="polite" aria-busy={isFetching}>
        {search.length >= 2 && !students && !isError && <Skeleton height={36} />}
        {isError && <p className="publishing__muted">{t('publishing.audience.searchError')}</p>}
        {students && students.length === 0 && <p className="publishing__muted">{t('publishing.audience.noStudents')}</p>}
        {students && students.length > 0 && (
          <ul className="publishing__results">
            {students.slice(0, 8).map((student) => {
              const name = `${student.firstName} ${student.lastName}`;
              return (
                <li key={student.id}>
                  <button type="button" className="publishing__result" onClick={() => onChoose({ id: student.id, name })}>
                    <span>{name}</span>
                    <EmailText className="publishing__muted" email={student.email} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

export interface AudienceValue {
  audience: NotificationAudience;
  role: RoleName | '';
  direction: Direction | '';
  courseId: string;
  userId: number | null;
  userName: string;
}

export interface AudienceFieldsProps {
  value: AudienceValue;
  errors: Partial<Record<'role' | 'direction' | 'courseId' | 'userId', string | undefined>>;
  onChange(patch: Partial<AudienceValue>): void;
  onBlur?(): void;
}

/** Whom the notification reaches: everyone, a role, a direction, a course's students, or one student. */
export function AudienceFields({ value, errors, onChange, onBlur }: AudienceFieldsProps) {
  const t = useT();
  const courses = useGetNotificationCoursesQuery(undefined, { skip: value.audience !== 'COURSE' });
  const courseList = courses.data;

  return (
    <fieldset className="publishing__audience">
      <legend className="field__label">{t('publishing.audience.legend')}</legend>
      <SelectField
        label={t('publishing.audience.kind')}
        value={value.audience}
        onChange={(event) => onChange({ audience: event.target.value as NotificationAudience })}
      >
        {NOTIFICATION_AUDIENCES.map((kind) => (
          <option key={kind} value={kind}>
            {t(`publishing.audience.${kind}`)}
          </option>
        ))}
      </SelectField>
      {value.audience === 'ROLE' && (
        <SelectField
          label={t('publishing.audience.role')}
          value={value.role}
          error={errors.role}
          onBlur={onBlur}
          onChange={(event) => onChange({ role: event.target.value as RoleName | '' })}
        >
          <option value="">{t('publishing.audience.choose')}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {capitalized(t(`role.${role}`))}
            </option>
          ))}
        </SelectField>
      )}
      {value.audience === 'DIRECTION' && (
        <SelectField
          label={t('publishing.audience.direction')}
          value={value.direction}
          error={errors.direction}
          onBlur={onBlur}
          onChange={(event) => onChange({ direction: event.target.value as Direction | '' })}
        >
          <option value="">{t('publishing.audience.choose')}</option>
          {DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {t(`direction.${direction}`)}
            </option>
          ))}
        </SelectField>
      )}
      {value.audience === 'COURSE' &&
        (courseList ? (
          <SelectField
            label={t('publishing.audience.course')}
            value={value.courseId}
            error={errors.courseId}
            onBlur={onBlur}
            onChange={(event) => onChange({ courseId: event.target.value })}
          >
            <option value="">{t('publishing.audience.choose')}</option>
            {DIRECTIONS.filter((direction) => courseList.some((c) => c.direction === direction)).map((direction) => (
              <optgroup key={direction} label={t(`direction.${direction}`)}>
                {courseList
                  .filter((c) => c.direction === direction)
                  .map((course) => (
                    <option key={course.id} value={String(course.id)}>
                      {course.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </SelectField>
        ) : courses.isError ? (
          <p className="field__error">{t('publishing.audience.coursesError')}</p>
        ) : (
          <Skeleton height={44} />
        ))}
      {value.audience === 'USER' && (
        <StudentPicker
          chosen={value.userId ? { id: value.userId, name: value.userName } : null}
          error={errors.userId}
          onChoose={(student) => onChange({ userId: student?.id ?? null, userName: student?.name ?? '' })}
        />
      )}
    </fieldset>
  );
}
