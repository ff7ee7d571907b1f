import { REVIEW_SLOT_MINUTES, type ReviewBooking, type ReviewSlot, type ReviewStatus } from '@academy/shared/contract';
import { useEffect, useState } from 'react';
import { clockIn, dayInstant, todayIn, useI18n } from '@academy/shared/i18n';
import { useT } from '../i18n';
import './review-slot.css';

/**
 * The day of an instant as `yyyy-MM-dd`: in the browser's time zone (the zone the server reads the
 * slots' days in: `zoneId`), or in `timeZone` (a server render: the reader's).
 */
export function dayOf(date: Date, timeZone?: string): string {
  return todayIn(timeZone, date);
}

/** The local midnight of a `yyyy-MM-dd` day. */
export function dayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** The day `days` after (or before) a `yyyy-MM-dd` day, over month ends and clock changes. */
export function shiftDay(day: string, days: number): string {
  const start = dayStart(day);
  return dayOf(new Date(start.getFullYear(), start.getMonth(), start.getDate() + days));
}

/** A slot's hour, `HH:mm – HH:mm` (start to start plus one hour, spec 2 §9), in the browser's zone or `timeZone`. */
export function slotTimeRange(startsAt: string, timeZone?: string): string {
  const start = new Date(startsAt);
  return `${clockIn(start, timeZone)} – ${clockIn(new Date(start.getTime() + REVIEW_SLOT_MINUTES * 60_000), timeZone)}`;
}

/** Slots grouped by their day (in the given order, which the server keeps by start), in the browser's zone or `timeZone`. */
export function slotsByDay<T extends Pick<ReviewSlot, 'startsAt'>>(
  slots: readonly T[],
  timeZone?: string,
): Array<{ day: string; slots: T[] }> {
  const days: Array<{ day: string; slots: T[] }> = [];
  for (const slot of slots) {
    const day = dayOf(new Date(slot.startsAt), timeZone);
    const last = days[days.length - 1];
    if (last?.day === day) last.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}

/** The longest delay a browser timer takes (about 24.8 days); a later start is not waited for on this page. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether the slot has started; turns true by itself at its start while the page is open. */
export function useStarted(startsAt: string): boolean {
  const start = Date.parse(startsAt);
  const [started, setStarted] = useState(() => start <= Date.now());
  useEffect(() => {
    if (started) return;
    const wait = start - Date.now();
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setStarted(true), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [start, started]);
  return started;
}

/** A day's heading: weekday, date and month in the page's language. */
export function useDayTitle(): (day: string) => string {
  const { formatDateTime } = useI18n();
  return (day) => {
    const text = formatDateTime(dayInstant(day), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
}

/** Only an absolute http(s) address becomes a link (the server checks it too). */
const isWebAddress = (url: string) => /^https?:\/\/[^\s\\]+$/i.test(url);

const STATUS_CHIP: Record<ReviewStatus, string> = {
  WAITED: 'chip',
  SUCCESS: 'chip chip--success',
  FAILED: 'chip review-chip--failed',
  MISSED: 'chip chip--warning',
  CANCELED: 'chip',
};

/** A booking's status as a chip. */
export function ReviewStatusChip({ status }: { status: ReviewStatus }) {
  const t = useT();
  return <span className={STATUS_CHIP[status]}>{t(`reviewSlot.status.${status}`)}</span>;
}

/** The slot's facts: course and module, mentor, seats, the conference address. */
export function SlotFacts({ slot }: { slot: ReviewSlot }) {
  const t = useT();
  return (
    <dl className="slot-facts">
      <div>
        <dt>{t('reviewSlot.course')}</dt>
        <dd>{slot.courseName}</dd>
      </div>
      <div>
        <dt>{t('reviewSlot.moduleLabel')}</dt>
        <dd>{t('reviewSlot.module', { position: slot.modulePosition, name: slot.moduleName })}</dd>
      </div>
      <div>
        <dt>{t('reviewSlot.mentor')}</dt>
        <dd>{slot.mentorName ?? t('reviewSlot.noMentor')}</dd>
      </div>
      <div>
        <dt>{t('reviewSlot.seats')}</dt>
        <dd>
          <span aria-hidden>{`${slot.seatsTaken}/${slot.capacity}`}</span>
          <span className="visually-hidden">
            {t('reviewSlot.seatsText', { taken: slot.seatsTaken, capacity: slot.capacity })}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('reviewSlot.conference')}</dt>
        <dd className="slot-facts__link">
          {slot.conferenceUrl && isWebAddress(slot.conferenceUrl) ? (
            <a href={slot.conferenceUrl} target="_blank" rel="noopener noreferrer">
              {slot.conferenceUrl}
            </a>
          ) : (
            t('reviewSlot.noConference')
          )}
        </dd>
      </div>
    </dl>
  );
}

/** The students booked on a slot, each with their booking's status. */
export function SlotBookings({ bookings }: { bookings: ReviewBooking[] }) {
  const t = useT();
  if (bookings.length === 0) return <p className="slot-bookings__empty">{t('reviewSlot.noBookings')}</p>;
  return (
    <ul className="slot-bookings" aria-label={t('reviewSlot.bookings')}>
      {bookings.map((booking) => (
        <li key={booking.studentReviewId} className="slot-bookings__item">
          <span className="slot-bookings__name">{booking.studentName}</span>
          <ReviewStatusChip status={booking.status} />
        </li>
      ))}
    </ul>
  );
}
