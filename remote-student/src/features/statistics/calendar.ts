import type { ActivityDay } from '@academy/shared/contract';
import { heatShade, type HeatShade } from '@academy/shared/domain';
import { dayInstant } from '@academy/shared/i18n';

const DAY_MS = 86_400_000;

/** `yyyy-mm-dd` of a day counted in UTC milliseconds. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Spec 2 §2.15: the heat map starts on the first day of the month a year ago. */
export function windowStart(today: string): string {
  const [year, month] = today.split('-');
  return `${Number(year) - 1}-${month}-01`;
}

export interface CalendarDay {
  date: string;
  count: number;
  shade: HeatShade;
  /** the week's column, 0 for the week of the first day */
  column: number;
  /** the weekday's row, Monday 0 … Sunday 6 */
  row: number;
}

export interface HeatCalendar {
  days: CalendarDay[];
  columns: number;
  /** where each month begins: its first day and column */
  months: Array<{ date: string; column: number }>;
  /** per month, `yyyy-mm`, with its total (the text alternative) */
  totals: Array<{ month: string; count: number }>;
  total: number;
  max: number;
  /** the busiest day (the latest of equals), null without activity */
  busiest: { date: string; count: number } | null;
}

/**
 * The heat map's grid (weeks as columns, Monday first) from the first day of the month a year ago
 * until today, every day with its count and shade. A day the server counted after `today` (the
 * browser's date lagging) extends the grid rather than disappearing.
 */
export function buildCalendar(activity: ActivityDay[], today: string): HeatCalendar {
  const from = windowStart(today);
  const last = activity.reduce((latest, day) => (day.date > latest ? day.date : latest), today);
  const counts = new Map(activity.filter((day) => day.date >= from).map((day) => [day.date, day.count]));
  const max = Math.max(0, ...counts.values());
  const start = dayInstant(from);
  const firstRow = (new Date(start).getUTCDay() + 6) % 7;
  const days: CalendarDay[] = [];
  const months: HeatCalendar['months'] = [];
  const totals: HeatCalendar['totals'] = [];
  let busiest: HeatCalendar['busiest'] = null;
  for (let ms = start, i = 0; ms <= dayInstant(last); ms += DAY_MS, i += 1) {
    const date = isoDay(ms);
    const count = counts.get(date) ?? 0;
    const column = Math.floor((i + firstRow) / 7);
    days.push({ date, count, shade: heatShade(count, max), column, row: (i + firstRow) % 7 });
    if (date.endsWith('-01')) {
      months.push({ date, column });
      totals.push({ month: date.slice(0, 7), count: 0 });
    }
    totals[totals.length - 1]!.count += count;
    if (count > 0 && (!busiest || count >= busiest.count)) busiest = { date, count };
  }
  return {
    days,
    columns: days.length === 0 ? 0 : days[days.length - 1]!.column + 1,
    months,
    totals,
    total: totals.reduce((sum, month) => sum + month.count, 0),
    max,
    busiest,
  };
}
