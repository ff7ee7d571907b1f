import { useState, type CSSProperties } from 'react';
import { useDispatch } from 'react-redux';
import { failureOf, notify, useGetProfileByIdQuery } from '@academy/shared/api';
import { parseReportDate, REPORT_PREVIEW_CHARS, type Report } from '@academy/shared/contract';
import { dayInstant, useI18n, useServerText } from '@academy/shared/i18n';
import { Button, Dialog, Popover } from '@academy/shared/ui';
import { useT } from '../../i18n/reports';
import { useDeleteReportMutation } from './reports-api';

/** A student's row of the grid: their reports by day (`yyyy-mm-dd`). */
interface StudentRow {
  studentId: number;
  name: string;
  reports: Map<string, Report>;
}

/** One row per student: the signed-in user first, then by name. */
function rowsOf(reports: Report[], selfId: number | undefined): StudentRow[] {
  const rows = new Map<number, StudentRow>();
  for (const report of reports) {
    const day = parseReportDate(report.reportDate);
    if (!day) continue;
    let row = rows.get(report.studentId);
    if (!row) {
      row = { studentId: report.studentId, name: `${report.firstName} ${report.lastName}`, reports: new Map() };
      rows.set(report.studentId, row);
    }
    row.reports.set(day, report);
  }
  return [...rows.values()].sort((a, b) =>
    a.studentId === selfId ? -1 : b.studentId === selfId ? 1 : a.name.localeCompare(b.name),
  );
}

function useDayText() {
  const { formatDateTime } = useI18n();
  return {
    long: (day: string) => formatDateTime(dayInstant(day), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    short: (day: string) => formatDateTime(dayInstant(day), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    weekday: (day: string) => formatDateTime(dayInstant(day), { weekday: 'short', timeZone: 'UTC' }),
  };
}

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** The author's picture (from their profile, which a classmate may read) or their initials. */
function Avatar({ studentId, name }: { studentId: number; name: string }) {
  const { data: profile } = useGetProfileByIdQuery(studentId);
  const [broken, setBroken] = useState(false);
  if (profile?.avatarUrl && !broken)
    return (
      <img className="report-avatar" src={profile.avatarUrl} alt="" width={48} height={48} onError={() => setBroken(true)} />
    );
  return (
    <span className="report-avatar report-avatar--initials" aria-hidden>
      {initials(name)}
    </span>
  );
}

/** The whole report of a faded card (spec 2 §2.9): avatar, name, date, hours, text; Hide closes. */
function ReportDetails({ report, name, onClose }: { report: Report; name: string; onClose(): void }) {
  const t = useT();
  const dates = useDayText();
  const day = parseReportDate(report.reportDate) ?? '';
  return (
    <Dialog
      open
      title={t('reports.details.title')}
      onClose={onClose}
      closeLabel={t('close')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('reports.hide')}
        </Button>
      }
    >
      <div className="report-details__who">
        <Avatar studentId={report.studentId} name={name} />
        <div>
          <p className="report-details__name">{name}</p>
          <p className="report-details__meta">
            {dates.long(day)} · {t('reports.hours', { count: report.countHours })}
          </p>
        </div>
      </div>
      <p className="report-details__text">{report.text}</p>
    </Dialog>
  );
}

interface CardProps {
  report: Report;
  name: string;
  own: boolean;
  onEdit(report: Report): void;
}

/** A day's report: name, hours, what was done (long texts faded with Show), the author's menu. */
function ReportCard({ report, name, own, onEdit }: CardProps) {
  const t = useT();
  const dates = useDayText();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const [details, setDetails] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [remove, removing] = useDeleteReportMutation();
  const day = parseReportDate(report.reportDate) ?? '';
  const long = report.text.length > REPORT_PREVIEW_CHARS;

  const deleteReport = async () => {
    try {
      await remove(report.id).unwrap();
      setConfirm(false);
      dispatch(notify({ kind: 'success', message: 'reports.deleted' }));
    } catch (error) {
      setConfirm(false);
      dispatch(notify({ kind: 'danger', message: serverText(failureOf(error)), raw: true, timeout: 5000 }));
    }
  };

  return (
    <article
      className={`report-card${own ? ' report-card--own' : ''}`}
      aria-label={t('reports.cardLabel', { name, date: dates.long(day) })}
    >
      <div className="report-card__head">
        <p className="report-card__name">{name}</p>
        {own && (
          <Popover
            label={t('reports.menu', { date: dates.long(day) })}
            trigger={(props) => (
              <button
                type="button"
                className="icon-btn report-card__menu"
                aria-label={t('reports.menu', { date: dates.long(day) })}
                {...props}
              >
                <span aria-hidden>⋯</span>
              </button>
            )}
          >
            {(close) => (
              <ul className="menu-list">
                <li>
                  <button
                    type="button"
                    className="menu-list__item"
                    onClick={() => {
                      close();
                      onEdit(report);
                    }}
                  >
                    {t('reports.edit')}
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    className="menu-list__item"
                    onClick={() => {
                      close();
                      setConfirm(true);
                    }}
                  >
                    {t('reports.delete')}
                  </button>
                </li>
              </ul>
            )}
          </Popover>
        )}
      </div>
      <p className="report-card__hours">{t('reports.hours', { count: report.countHours })}</p>
      <p className={`report-card__text${long ? ' report-card__text--faded' : ''}`}>
        {long ? `${report.text.slice(0, REPORT_PREVIEW_CHARS)}…` : report.text}
      </p>
      {long && (
        <button type="button" className="link-btn report-card__show" onClick={() => setDetails(true)}>
          {t('reports.show')}
        </button>
      )}
      {details && <ReportDetails report={report} name={name} onClose={() => setDetails(false)} />}
      <Dialog
        open={confirm}
        title={t('reports.deleteTitle')}
        onClose={() => setConfirm(false)}
        closeLabel={t('close')}
        footer={
          <>
            <Button variant="danger" busy={removing.isLoading} onClick={() => void deleteReport()}>
              {t('reports.delete')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirm(false)}>
              {t('cancel')}
            </Button>
          </>
        }
      >
        <p>{t('reports.deleteText', { date: dates.long(day) })}</p>
      </Dialog>
    </article>
  );
}

export interface ReportGridProps {
  reports: Report[];
  /** the window's days, `yyyy-mm-dd` */
  days: string[];
  today: string;
  selfId: number | undefined;
  onEdit(report: Report): void;
}

/**
 * Spec 2 §2.9: a row of cards per student, a cell per day of the window (the report's day places it);
 * days after today are greyed. On a narrow screen each row lists its days one under another.
 */
export function ReportGrid({ reports, days, today, selfId, onEdit }: ReportGridProps) {
  const t = useT();
  const dates = useDayText();
  const rows = rowsOf(reports, selfId);
  const style = { '--report-days': days.length } as CSSProperties;
  return (
    <div className="report-grid" style={style}>
      <div className="report-grid__head" aria-hidden>
        {days.map((day) => (
          <span key={day} className={`report-grid__day${day > today ? ' report-grid__day--future' : ''}`}>
            <span className="report-grid__weekday">{dates.weekday(day)}</span> {dates.short(day)}
          </span>
        ))}
      </div>
      {rows.map((row) => (
        <section key={row.studentId} className="report-grid__row" aria-label={row.name}>
          <h2 className="report-grid__student">{row.name}</h2>
          <ul className="report-grid__cells">
            {days.map((day) => {
              const report = row.reports.get(day);
              return (
                <li key={day} className={`report-grid__cell${day > today ? ' report-grid__cell--future' : ''}`}>
                  <span className="report-grid__cell-day">{dates.short(day)}</span>
                  {report ? (
                    <ReportCard report={report} name={row.name} own={report.studentId === selfId} onEdit={onEdit} />
                  ) : (
                    <span className="report-grid__none">{t(day > today ? 'reports.future' : 'reports.none')}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
