import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ActivityDay } from '@academy/shared/contract';
import { dayInstant, monthNames, useI18n } from '@academy/shared/i18n';
import { useT } from '../../i18n/stats';
import { buildCalendar, type CalendarDay } from './calendar';

const CELL = 12;
const STEP = 15;
const LEFT = 30;
const TOP = 20;
const SHADES = [0, 1, 2, 3, 4] as const;
/** Rows that carry a weekday label: Monday, Wednesday, Friday. */
const LABELLED_ROWS = [0, 2, 4];
/** A Monday, to name the weekdays by `Intl`. */
const A_MONDAY = Date.UTC(2024, 0, 1);

/** Date texts of the map in the page's language: `3 марта 2026`, `мар.`, `Март 2025`, `пн`. */
function useDates() {
  const { language, formatDateTime } = useI18n();
  return useMemo(() => {
    const months = monthNames(language);
    return {
      long: (date: string) =>
        `${formatDateTime(dayInstant(date), { day: 'numeric', month: 'long', timeZone: 'UTC' })} ${date.slice(0, 4)}`,
      shortMonth: (date: string) => formatDateTime(dayInstant(date), { month: 'short', timeZone: 'UTC' }),
      month: (month: string) => {
        const name = months[Number(month.slice(5, 7)) - 1] ?? month;
        return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${month.slice(0, 4)}`;
      },
      weekday: (row: number) => formatDateTime(A_MONDAY + row * 86_400_000, { weekday: 'short', timeZone: 'UTC' }),
    };
  }, [language, formatDateTime]);
}

interface Active {
  index: number;
  /** a pointer shows the tooltip; the keyboard also announces the day */
  by: 'pointer' | 'keyboard';
}

/** Arrow keys move a week (left, right) or a day (up, down); Home and End go to the first and last day. */
function moved(key: string, index: number, last: number): number | null {
  const steps: Record<string, number> = { ArrowLeft: -7, ArrowRight: 7, ArrowUp: -1, ArrowDown: 1 };
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  const step = steps[key];
  if (step === undefined) return null;
  return Math.min(last, Math.max(0, index + step));
}

/**
 * The yearly activity heat map (spec 2 §2.15, §9): weeks as columns, Monday first, from the first day
 * of the month a year ago until today. An image with a summary for assistive technologies and a
 * per-month table as its text alternative; a tooltip per day under the pointer, and under the arrow
 * keys when the map has focus (announced too). Scrolls inside its card, the latest weeks in view.
 */
export function HeatMap({ activity, today }: { activity: ActivityDay[]; today: string }) {
  const t = useT();
  const dates = useDates();
  const calendar = useMemo(() => buildCalendar(activity, today), [activity, today]);
  const [active, setActive] = useState<Active | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const tooltipId = useId();
  const width = LEFT + calendar.columns * STEP;
  const height = TOP + 7 * STEP;
  const last = calendar.days.length - 1;

  // the latest weeks first: the map opens scrolled to its end
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [calendar.columns]);

  const dayText = (day: CalendarDay) => t('stats.activityDay', { date: dates.long(day.date), count: day.count });
  const summary = calendar.busiest
    ? t('stats.activitySummary', { count: calendar.total, max: calendar.busiest.count, date: dates.long(calendar.busiest.date) })
    : t('stats.activityNone');
  const day = active ? calendar.days[active.index] : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = moved(event.key, active?.index ?? last, last);
    if (next === null) return;
    event.preventDefault();
    setActive({ index: next, by: 'keyboard' });
    // keep the chosen week in view
    const element = scroller.current;
    const target = calendar.days[next];
    if (element && target) {
      const x = LEFT + target.column * STEP;
      if (x < element.scrollLeft + LEFT) element.scrollLeft = x - LEFT;
      else if (x + STEP > element.scrollLeft + element.clientWidth) element.scrollLeft = x + STEP - element.clientWidth;
    }
  };
  const onPointerOver = (event: PointerEvent<SVGSVGElement>) => {
    const index = (event.target as Element).getAttribute('data-index');
    if (index !== null) setActive({ index: Number(index), by: 'pointer' });
  };

  const x = (cell: CalendarDay) => LEFT + cell.column * STEP;
  const y = (cell: CalendarDay) => TOP + cell.row * STEP;
  return (
    <div className="heat-map">
      {/*
        A scrollable region must take focus (keyboard users scroll it), and the arrow keys then pick a
        day (the tooltip, announced by the live region below); screen readers also have the table.
      */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={scroller}
        className="heat-map__scroll"
        role="group"
        aria-label={t('stats.mapKeys')}
        aria-describedby={day ? tooltipId : undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? { index: last, by: 'keyboard' })}
        onBlur={() => setActive(null)}
      >
        <div className="heat-map__canvas" style={{ width, height }}>
          <svg
            role="img"
            aria-labelledby={titleId}
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            onPointerOver={onPointerOver}
            onPointerLeave={() => setActive((current) => (current?.by === 'pointer' ? null : current))}
          >
            <title id={titleId}>{summary}</title>
            <g className="heat-map__labels" aria-hidden="true">
              {calendar.months.map((month) => (
                <text key={month.date} x={LEFT + month.column * STEP} y={12}>
                  {dates.shortMonth(month.date)}
                </text>
              ))}
              {LABELLED_ROWS.map((row) => (
                <text key={row} x={0} y={TOP + row * STEP + CELL - 2}>
                  {dates.weekday(row)}
                </text>
              ))}
            </g>
            {calendar.days.map((cell, index) => (
              <rect
                key={cell.date}
                data-index={index}
                data-date={cell.date}
                className={`heat-map__cell heat-map__cell--${cell.shade}`}
                x={x(cell)}
                y={y(cell)}
                width={CELL}
                height={CELL}
                rx={2}
              />
            ))}
            {day && (
              <rect
                className="heat-map__active"
                x={x(day) - 1.5}
                y={y(day) - 1.5}
                width={CELL + 3}
                height={CELL + 3}
                rx={3}
                aria-hidden="true"
              />
            )}
          </svg>
          {day && (
            <div
              id={tooltipId}
              role="tooltip"
              className={`heat-map__tooltip${day.row < 2 ? ' heat-map__tooltip--below' : ''}`}
              style={{
                left: Math.min(Math.max(x(day) + CELL / 2, 90), width - 90),
                top: day.row < 2 ? y(day) + CELL + 6 : y(day) - 6,
              }}
            >
              {dayText(day)}
            </div>
          )}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {day && active?.by === 'keyboard' ? dayText(day) : ''}
      </p>
      <div className="heat-map__legend" aria-hidden="true">
        <span>{t('stats.less')}</span>
        {SHADES.map((shade) => (
          <svg key={shade} width={CELL} height={CELL}>
            <rect className={`heat-map__cell heat-map__cell--${shade}`} width={CELL} height={CELL} rx={2} />
          </svg>
        ))}
        <span>{t('stats.more')}</span>
      </div>
      <table className="visually-hidden">
        <caption>{t('stats.activityTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.month')}</th>
            <th scope="col">{t('stats.answers')}</th>
          </tr>
        </thead>
        <tbody>
          {calendar.totals.map((month) => (
            <tr key={month.month}>
              <th scope="row">{dates.month(month.month)}</th>
              <td>{month.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
