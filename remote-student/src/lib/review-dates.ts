import { REVIEW_SLOT_MINUTES, type Language } from '@academy/shared/contract';
import { clockIn, dateTimeFormat, LOCALES, todayIn } from '@academy/shared/i18n';

/**
 * Days and times of module reviews, in the browser's zone: the zone every call of ours sends as
 * `zoneId`, so the server's `dd.MM` days and `HH:mm` times are the same days and times as these.
 * Days are `yyyy-mm-dd` strings (no time, no zone).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar month (1-based month). */
export interface Month {
  year: number;
  month: number;
}

/** The `yyyy-mm-dd` of a moment in the browser's zone. */
export function localDay(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Today in the browser's zone (a page's own today is `useToday()`: the reader's, on the server too). */
export const localToday = (): string => todayIn();

/** The day `days` after (or before, when negative) a `yyyy-mm-dd` day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d + days));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** The month of a day. */
export function monthOf(day: string): Month {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** The month after (or before) a month. */
export function shiftMonth({ year, month }: Month, by: number): Month {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function sameMonth(a: Month, b: Month): boolean {
  return a.year === b.year && a.month === b.month;
}

/** The last day of the month after the day's month: the end of the sign-up calendar (spec 2 §9). */
export function endOfNextMonth(day: string): string {
  const next = shiftMonth(monthOf(day), 1);
  return addDays(`${next.year}-${pad(next.month)}-01`, daysIn(next) - 1);
}

function daysIn({ year, month }: Month): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** One cell of a month's grid: a day, and whether it belongs to the month shown. */
export interface GridDay {
  day: string;
  inMonth: boolean;
}

/** The weeks of a month, Monday first, padded with the neighbouring months' days. */
export function monthGrid(month: Month): GridDay[][] {
  const first = `${month.year}-${pad(month.month)}-01`;
  // getUTCDay: Sunday 0; Monday-first offset of the first day
  const offset = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(first, -offset);
  const cells = Math.ceil((offset + daysIn(month)) / 7) * 7;
  const weeks: GridDay[][] = [];
  for (let i = 0; i < cells; i += 1) {
    const day = addDays(start, i);
    if (i % 7 === 0) weeks.push([]);
    weeks.at(-1)!.push({ day, inMonth: sameMonth(monthOf(day), month) });
  }
  return weeks;
}

/** A `yyyy-mm-dd` day as the review list's `dd.MM.yyyy`. */
export function listDate(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
}

/** A one-hour slot as `HH:mm – HH:mm` (start to start plus one hour, spec 2 §2.6), in the browser's zone or `timeZone`. */
export function slotRange(startsAt: string, timeZone?: string): string {
  const start = new Date(startsAt);
  return `${clockIn(start, timeZone)} – ${clockIn(new Date(start.getTime() + REVIEW_SLOT_MINUTES * 60_000), timeZone)}`;
}

/**
 * A review's time in the list: its day as the other screens write dates (`30 нояб. 2026 г.`,
 * `30 Nov 2026`: issue 29), then `HH:mm – HH:mm`.
 */
export function reviewTimeText(startsAt: string, language: Language, timeZone?: string): string {
  const day = dateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone }).format(new Date(startsAt));
  return `${day} ${slotRange(startsAt, timeZone)}`;
}

/** How long before its start a review's conference link is offered (till the slot's end). */
export const CONFERENCE_OPENS_MINUTES = 15;

/** Whether a review's conference is open to join at `now` (ms): from shortly before its start to the slot's end. */
export function conferenceOpen(startsAt: string, now: number): boolean {
  const start = new Date(startsAt).getTime();
  return now >= start - CONFERENCE_OPENS_MINUTES * 60_000 && now < start + REVIEW_SLOT_MINUTES * 60_000;
}
