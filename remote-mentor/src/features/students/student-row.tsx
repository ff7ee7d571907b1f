import { Link } from 'react-router-dom';
import type { StaffStudentRow } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { useT } from '../../i18n';
import { relativeTime } from './relative-time';
import { EmailText } from '@academy/shared/ui';
import { DirectionCell } from '../../components/direction-cell';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** The course, a bar and the percent (green at 100, as on the course cards). */
function ProgressCell({ row }: { row: StaffStudentRow }) {
  const t = useT();
  const { progress } = row;
  if (!progress) return <span className="students-row__muted">{t('students.noCourse')}</span>;
  const done = progress.percent >= 100;
  return (
    <div className="students-progress">
      <span className="students-progress__course">{progress.courseName}</span>
      <span className="students-progress__line">
        <span
          className={`progress students-progress__bar${done ? ' progress--done' : ''}`}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(progress.percent, 100)}
          aria-label={t('students.progressOf', { name: fullName(row), course: progress.courseName })}
        >
          <span className="progress__bar" style={{ width: `${Math.min(progress.percent, 100)}%` }} />
        </span>
        <span className="students-progress__percent">{progress.percent}%</span>
      </span>
    </div>
  );
}

/** When the learner last did something: how long ago, the exact moment on hover and for screen readers. */
function ActivityCell({ iso, now }: { iso: string | null; now: number }) {
  const t = useT();
  const { language, formatDateTime } = useI18n();
  if (!iso) return <span className="students-row__muted">{t('students.noActivity')}</span>;
  const exact = formatDateTime(iso);
  return (
    <>
      <time dateTime={iso} title={exact}>
        {relativeTime(iso, now, language)}
      </time>
      <span className="visually-hidden"> ({exact})</span>
    </>
  );
}

/** One learner: a table row, a card on a phone. Their pages open in view-as mode where the role allows it. */
export function StudentRow({ row, canViewAsStudent, now }: { row: StaffStudentRow; canViewAsStudent: boolean; now: number }) {
  const t = useT();
  const name = `${row.lastName} ${row.firstName}`.trim();
  return (
    <tr className={`students-row${row.current ? '' : ' students-row--inactive'}`}>
      <th scope="row" className="students-row__student">
        <span className="students-row__name">{name}</span>
        <EmailText className="students-row__note" email={row.email} />
        {(row.role === 'STUDENT' || !row.current) && (
          <span className="students-row__chips">
            {row.role === 'STUDENT' && <span className="chip">{t('role.STUDENT')}</span>}
            {!row.current && <span className="chip chip--warning">{t('students.notCurrent')}</span>}
          </span>
        )}
      </th>
      <td data-label={t('staff.direction')}>
        <span className="staff-table__value">
          <DirectionCell direction={row.direction} name={(direction) => t(`direction.${direction}`)} />
        </span>
      </td>
      <td data-label={t('students.mentor')}>
        <span className="staff-table__value">
          {row.mentor ? fullName(row.mentor) : <span className="students-row__muted">{t('students.noMentor')}</span>}
        </span>
      </td>
      <td data-label={t('students.payment')}>
        <span className="staff-table__value">{row.paymentType ? t(`students.payment.${row.paymentType}`) : '—'}</span>
      </td>
      <td data-label={t('students.progress')}>
        <div className="staff-table__value">
          <ProgressCell row={row} />
        </div>
      </td>
      <td data-label={t('students.activity')}>
        <span className="staff-table__value">
          <ActivityCell iso={row.lastActivity} now={now} />
        </span>
      </td>
      {canViewAsStudent && (
        <td data-label={t('staff.pages')}>
          <span className="staff-table__value">
            {row.role === 'PAY_STUDENT' ? (
              <Link
                to={`/user/courses?studentId=${row.id}`}
                aria-label={`${t('staff.openPages')}: ${row.firstName} ${row.lastName}`}
              >
                {t('staff.openPages')}
              </Link>
            ) : (
              <span title={t('students.noPagesForEnrollee')}>
                —<span className="visually-hidden">{t('students.noPagesForEnrollee')}</span>
              </span>
            )}
          </span>
        </td>
      )}
    </tr>
  );
}
