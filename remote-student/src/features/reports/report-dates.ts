import { REPORT_WINDOW_DAYS } from '@academy/shared/contract';

/** A month of the carousel; `month` counts from 1. */
export interface Month {
  year: number;
  month: number;
}

/** A window of the calendar strip: days `from`…`to` of its month (spec 2 §2.9). */
export interface DayWindow {
  index: number;
  from: number;
  to: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-mm-dd` of a day of a month. */
export const isoDay = ({ year, month }: Month, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The month a `yyyy-mm-dd` day is in. */
export const monthOf = (iso: string): Month => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) });

export const sameMonth = (a: Month, b: Month) => a.year === b.year && a.month === b.month;

/** The month before (or after, with +1) another; December and January change the year. */
export function shiftMonth({ year, month }: Month, by: -1 | 1): Month {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const daysInMonth = ({ year, month }: Month) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The month's windows: days 1, 6, 11, 16, 21 and 26 start one; the last runs to the month's end. */
export function monthWindows(month: Month): DayWindow[] {
  const last = daysInMonth(month);
  // every month has a 26th day: six windows, the last a few days longer
  const count = Math.floor((Math.min(last, 26) - 1) / REPORT_WINDOW_DAYS) + 1;
  return Array.from({ length: count }, (_, index) => ({
    index,
    from: index * REPORT_WINDOW_DAYS + 1,
    to: index === count - 1 ? last : (index + 1) * REPORT_WINDOW_DAYS,
  }));
}

/** The index of the window a day of the month falls in. */
export function windowIndexOf(month: Month, day: number): number {
  const windows = monthWindows(month);
  return windows.findIndex((w) => day >= w.from && day <= w.to);
}

/** The days (`yyyy-mm-dd`) of a window of a month. */
export const windowDays = (month: Month, shown: DayWindow) =>
  Array.from({ length: shown.to - shown.from + 1 }, (_, i) => isoDay(month, shown.from + i));

/** What the page shows first on a day: that day's month and window (the server renders the same). */
export function firstWindow(today: string): { month: Month; windowIndex: number; days: string[] } {
  const month = monthOf(today);
  const windowIndex = windowIndexOf(month, Number(today.slice(8, 10)));
  return { month, windowIndex, days: windowDays(month, monthWindows(month)[windowIndex]!) };
}

/** The day before a `yyyy-mm-dd` day. */
export function dayBefore(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! - 1)).toISOString().slice(0, 10);
}
