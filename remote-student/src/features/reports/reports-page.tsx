import { useId, useMemo, useState, type CSSProperties } from 'react';
import { Navigate } from 'react-router-dom';
import { REFRESH_ON_MOUNT_AFTER_S, usePageStatus } from '@academy/shared/api';
import { mayViewReports, REPORT_MAX_QUERY, type Report } from '@academy/shared/contract';
import { dateTimeFormat, monthNames, useI18n, useToday } from '@academy/shared/i18n';
import {
  Button,
  Checkbox,
  Dialog,
  PageSkeleton,
  Skeleton,
  TextField,
  useDebounced,
  useDocumentTitle,
  usePrerenderedHandoff,
} from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import { useT } from '../../i18n/reports';
import { LazyReportForm } from './lazy-report-form';
import { ReportGrid } from './report-grid';
import {
  firstWindow,
  isoDay,
  monthWindows,
  sameMonth,
  shiftMonth,
  windowDays,
  windowIndexOf,
  type DayWindow,
  type Month,
} from './report-dates';
import { reportSearch, useGetReportsQuery } from './reports-api';
import './reports.css';

/** The month and window shown: the current window of this month at first. */
function useCalendar(today: string) {
  const first = useMemo(() => firstWindow(today), [today]);
  const current = first.month;
  const [month, setMonth] = useState<Month>(current);
  const [windowIndex, setWindowIndex] = useState(first.windowIndex);
  const windows = monthWindows(month);
  const shown: DayWindow = windows[Math.min(windowIndex, windows.length - 1)]!;
  const move = (by: -1 | 1) => {
    const next = shiftMonth(month, by);
    setMonth(next);
    // back in time: the month's last window; forward: its first, or today's in the current month
    if (sameMonth(next, current)) setWindowIndex(windowIndexOf(current, Number(today.slice(8, 10))));
    else setWindowIndex(by === -1 ? monthWindows(next).length - 1 : 0);
  };
  const days = windowDays(month, shown);
  return { month, current, windows, shown, days, move, setWindowIndex };
}

function MonthCarousel({
  month,
  atCurrent,
  loading,
  onMove,
}: {
  month: Month;
  atCurrent: boolean;
  loading: boolean;
  onMove(by: -1 | 1): void;
}) {
  const t = useT();
  const { language } = useI18n();
  const name = monthNames(language)[month.month - 1] ?? '';
  return (
    <div className="report-months" role="group" aria-label={t('reports.month')}>
      <button type="button" className="icon-btn" aria-label={t('reports.previousMonth')} onClick={() => onMove(-1)}>
        <span aria-hidden>‹</span>
      </button>
      <p className="report-months__name" aria-live="polite">
        {`${name.charAt(0).toUpperCase()}${name.slice(1)} ${month.year}`}
      </p>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('reports.nextMonth')}
        disabled={atCurrent || loading}
        onClick={() => onMove(1)}
      >
        <span aria-hidden>›</span>
      </button>
    </div>
  );
}

function WindowStrip({
  month,
  windows,
  shown,
  today,
  onPick,
}: {
  month: Month;
  windows: DayWindow[];
  shown: DayWindow;
  today: string;
  onPick(index: number): void;
}) {
  const t = useT();
  const { language } = useI18n();
  const genitive = useMemo(
    () => dateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }),
    [language],
  );
  const monthWord = genitive
    .format(Date.UTC(month.year, month.month - 1, 1))
    .replace(/\d+/, '')
    .trim();
  return (
    <div className="report-windows" role="group" aria-label={t('reports.days')}>
      {windows.map((w) => {
        const future = isoDay(month, w.from) > today;
        const active = w.index === shown.index;
        return (
          <button
            key={w.index}
            type="button"
            className={`report-windows__item${active ? ' report-windows__item--active' : ''}`}
            aria-pressed={active}
            aria-label={t('reports.window', { from: w.from, to: w.to, month: monthWord })}
            disabled={future}
            onClick={() => onPick(w.index)}
          >
            {`${w.from}–${w.to}`}
          </button>
        );
      })}
    </div>
  );
}

function GridSkeleton({ days }: { days: number }) {
  const t = useT();
  return (
    <div
      className="report-grid report-grid--loading"
      role="status"
      aria-busy="true"
      aria-label={t('loading')}
      style={{ '--report-days': days } as CSSProperties}
    >
      {[0, 1].map((row) => (
        <div key={row} className="report-grid__row">
          <Skeleton width={180} height={20} />
          <div className="report-grid__cells">
            {Array.from({ length: days }, (_, i) => (
              <Skeleton key={i} height={96} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

type Editor = { kind: 'new' } | { kind: 'edit'; report: Report } | null;

/** The page itself, for a user who may see it. */
function AllReports({ selfId }: { selfId: number }) {
  const t = useT();
  const searchId = useId();
  const today = useToday();
  const calendar = useCalendar(today);
  const [query, setQuery] = useState('');
  const [onlySelf, setOnlySelf] = useState(true);
  const [editor, setEditor] = useState<Editor>(null);
  const search = useDebounced(query.trim(), 300);
  // currentData: another window's or month's cards never stand in for this one's while it loads
  const { currentData, isFetching, isError } = useGetReportsQuery(reportSearch(calendar.days, onlySelf, search), {
    refetchOnMountOrArgChange: REFRESH_ON_MOUNT_AFTER_S,
  });
  // the page the server rendered with this window's cards stays until they are here
  usePrerenderedHandoff(currentData !== undefined || isError);
  // a new report is for today when today is shown, else for the window's last day that has passed
  const newDay = calendar.days.filter((day) => day <= today).at(-1) ?? today;

  return (
    <div className="reports-page">
      <div className="reports-page__head">
        <h1 className="page-title">{t('reports.title')}</h1>
        <Button onClick={() => setEditor({ kind: 'new' })}>{t('reports.add')}</Button>
      </div>
      <div className="card reports-page__filters">
        <TextField
          id={searchId}
          className="reports-page__search"
          label={t('reports.search')}
          type="search"
          placeholder={t('reports.searchPlaceholder')}
          maxLength={REPORT_MAX_QUERY}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Checkbox
          label={t('reports.onlySelf')}
          checked={onlySelf}
          onChange={(event) => {
            setOnlySelf(event.target.checked);
            // spec 2 §2.9: turning the flag off starts a new search
            if (!event.target.checked) setQuery('');
          }}
        />
        <MonthCarousel
          month={calendar.month}
          atCurrent={sameMonth(calendar.month, calendar.current)}
          loading={isFetching}
          onMove={calendar.move}
        />
        <WindowStrip
          month={calendar.month}
          windows={calendar.windows}
          shown={calendar.shown}
          today={today}
          onPick={calendar.setWindowIndex}
        />
      </div>
      <div className="reports-page__list" aria-busy={isFetching}>
        <QueryState
          query={{ data: currentData, isError }}
          skeleton={<GridSkeleton days={calendar.days.length} />}
          error={t('reports.loadError')}
          empty={
            <div className="report-empty card">
              <p className="report-empty__title">{t(search ? 'reports.emptySearch' : 'reports.emptyTitle')}</p>
              <p className="report-empty__text">{t(search ? 'reports.emptySearchText' : 'reports.emptyText')}</p>
              {!search && <Button onClick={() => setEditor({ kind: 'new' })}>{t('reports.add')}</Button>}
            </div>
          }
        >
          {(reports) => (
            <ReportGrid
              reports={reports}
              days={calendar.days}
              today={today}
              selfId={selfId}
              onEdit={(report) => setEditor({ kind: 'edit', report })}
            />
          )}
        </QueryState>
      </div>
      {editor && (
        <Dialog
          open
          title={editor.kind === 'edit' ? t('reports.editTitle') : t('reports.newTitle')}
          onClose={() => setEditor(null)}
          closeLabel={t('close')}
        >
          <LazyReportForm
            editing={editor.kind === 'edit' ? editor.report : null}
            day={newDay}
            today={today}
            onSaved={() => setEditor(null)}
            onCancel={() => setEditor(null)}
          />
        </Dialog>
      )}
    </div>
  );
}

/**
 * /user/report "AllReports" (spec 2 §2.9): for staff and users whose profile has isViewReport, on their
 * own pages: the server's rule (`mayViewReports`), which the reports tab follows too; anyone else goes to
 * /user/statistic.
 */
export function ReportsPage() {
  const t = useT();
  useDocumentTitle(t('reports.title'));
  const { status, profile } = usePageStatus();
  if (status === 'NOT_READY') return <PageSkeleton label={t('loading')} />;
  if (status !== 'NORMAL' || !profile || !mayViewReports({ role: profile.role.name, isViewReport: profile.isViewReport }))
    return <Navigate to="/user/statistic" replace />;
  return <AllReports selfId={profile.id} />;
}
