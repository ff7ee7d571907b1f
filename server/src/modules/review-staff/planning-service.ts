import {
  REVIEW_LIMITS,
  type ReviewPlanningOptions,
  type ReviewSlot,
  type ReviewSlotInput,
  type ReviewSlotQuery,
} from '@academy/shared/contract';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { badRequest, notFound } from '../../common/errors';
import { dayInZone, sqlZone } from '../../common/dates';
import { parseEndTime } from '../notifications/service';
import type { NotifyStudents } from './notices';
import type { SlotRow } from './planning-read-repository';
import type { SlotValues } from './planning-write-repository';
import type { ReviewStaffRepository } from './repository';

/** The planning list's default window, from its first day (spec: four weeks from today). */
export const PLANNING_DEFAULT_DAYS = 28;
/** The longest window the planning list reads. */
export const PLANNING_MAX_DAYS = 366;

/** A conference address: http(s), within the limit; empty means none. */
export function conferenceUrl(value: string | null): string | null {
  const url = value?.trim() ?? '';
  if (!url) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (url.length > REVIEW_LIMITS.maxLinkLength || !parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.host)
    throw badRequest('server.reviewSlotConferenceUrl', { max: REVIEW_LIMITS.maxLinkLength });
  return url;
}

/** A `yyyy-mm-dd` day that exists, as a UTC midnight (for day arithmetic only). */
function parseDay(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.getUTCDate() !== Number(match![3]) || date.getUTCMonth() !== Number(match![2]) - 1)
    throw badRequest('server.reviewSlotsBadDay', { date: value.slice(0, 20) });
  return date;
}

const addDays = (day: Date, days: number) => new Date(day.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Slots with their bookings, as staff read them. The seats taken are the bookings not cancelled: a
 * review held (passed, failed, missed) took its seat, though the slot's counter (what a booking is
 * checked against: the waiting ones) lets it go with the outcome, as a started slot takes no more.
 */
export async function withBookings(reviews: ReviewStaffRepository, rows: SlotRow[]): Promise<ReviewSlot[]> {
  const bookings = await reviews.bookings(rows.map((row) => row.id));
  const held = (slotId: number) => bookings.filter((b) => b.slotId === slotId && b.status !== 'CANCELED').length;
  return rows.map((row) => ({
    id: row.id,
    moduleId: row.module_id,
    moduleName: row.module_name,
    modulePosition: row.module_position,
    courseId: row.course_id,
    courseName: row.course_name,
    startsAt: row.starts_at.toISOString(),
    capacity: row.capacity,
    seatsTaken: held(row.id),
    mentorId: row.mentor_id,
    mentorName: row.mentor_name,
    conferenceUrl: row.conference_url,
    canceled: row.canceled,
    bookings: bookings
      .filter((booking) => booking.slotId === row.id)
      .map(({ studentReviewId, studentId, studentName, status }) => ({ studentReviewId, studentId, studentName, status })),
  }));
}

/** Planning (the chief mentor's): the form's options, the slots of a window, a slot planned, moved or canceled. */
export function planningService(reviews: ReviewStaffRepository, clock: Clock, notifyStudents: NotifyStudents) {
  async function slotView(slotId: number): Promise<ReviewSlot> {
    const row = await reviews.slot(slotId);
    if (!row) throw notFound('server.noReviewSlot', { id: slotId });
    return (await withBookings(reviews, [row]))[0]!;
  }

  /**
   * The planning form's values, checked: a start in the future (an edit may keep its start as it is)
   * and within the planning horizon, seats within the limit, a module of a course, a reviewer.
   */
  async function checkInput(input: ReviewSlotInput, keptStart: Date | null): Promise<SlotValues> {
    // an ISO instant with its zone whose every part exists: `new Date` alone read 31 April as 1 May and
    // 24:00 as the next midnight, so a typo planned the review on another day without a word
    const startsAt = parseEndTime(input.startsAt);
    if (!startsAt) throw badRequest('server.reviewSlotBadStart');
    const now = clock.now().getTime();
    const unchanged = keptStart !== null && keptStart.getTime() === startsAt.getTime();
    if (!unchanged && startsAt.getTime() <= now) throw badRequest('server.reviewSlotStartPast');
    if (startsAt.getTime() > now + REVIEW_LIMITS.maxDaysAhead * 86_400_000)
      throw badRequest('server.reviewSlotTooFar', { days: REVIEW_LIMITS.maxDaysAhead });
    if (!Number.isInteger(input.capacity) || input.capacity < 1 || input.capacity > REVIEW_LIMITS.maxCapacity)
      throw badRequest('server.reviewSlotCapacity', { max: REVIEW_LIMITS.maxCapacity });
    const module = await reviews.findModule(input.moduleId);
    if (!module) throw badRequest('server.reviewSlotNoModule', { id: input.moduleId });
    if (input.mentorId !== null && !(await reviews.isReviewer(input.mentorId)))
      throw badRequest('server.reviewSlotNotReviewer', { id: input.mentorId });
    return {
      moduleId: module.id,
      moduleName: module.name,
      startsAt,
      capacity: input.capacity,
      mentorId: input.mentorId,
      conferenceUrl: conferenceUrl(input.conferenceUrl),
    };
  }

  return {
    async options(): Promise<ReviewPlanningOptions> {
      const [modules, mentors] = await Promise.all([reviews.moduleOptions(), reviews.mentorOptions()]);
      return { modules, mentors };
    },

    /** Slots of a window of days of the caller's zone (default: four weeks from today), with their bookings. */
    async slots(query: ReviewSlotQuery, zone: string): Promise<ReviewSlot[]> {
      const from = parseDay(query.from || dayInZone(clock.now(), zone));
      const to = query.to ? parseDay(query.to) : new Date(from.getTime() + (PLANNING_DEFAULT_DAYS - 1) * 86_400_000);
      const days = (to.getTime() - from.getTime()) / 86_400_000 + 1;
      if (days < 1 || days > PLANNING_MAX_DAYS) throw badRequest('server.reviewSlotsWindow', { max: PLANNING_MAX_DAYS });
      const rows = await reviews.slotsBetween(
        { from: addDays(from, 0), to: addDays(to, 0), ...(query.moduleId === undefined ? {} : { moduleId: query.moduleId }) },
        sqlZone(zone),
      );
      return withBookings(reviews, rows);
    },

    async plan(planner: UserRow, input: ReviewSlotInput): Promise<ReviewSlot> {
      const values = await checkInput(input, null);
      return slotView(await reviews.createSlot(values, planner.id));
    },

    /** Moves or edits a slot; when its start changed, its waiting students hear the new time. */
    async edit(slotId: number, input: ReviewSlotInput): Promise<ReviewSlot> {
      const current = await reviews.slot(slotId);
      if (!current) throw notFound('server.noReviewSlot', { id: slotId });
      const values = await checkInput(input, current.starts_at);
      const edit = await reviews.editSlot(slotId, values);
      switch (edit.result) {
        case 'missing':
          throw notFound('server.noReviewSlot', { id: slotId });
        case 'canceled':
          throw badRequest('server.reviewSlotCanceled');
        case 'belowTaken':
          throw badRequest('server.reviewSlotBelowTaken', { taken: edit.taken });
        case 'moduleBooked':
          throw badRequest('server.reviewSlotModuleBooked');
        case 'edited':
          await notifyStudents(edit.moved, { moduleName: values.moduleName, startsAt: values.startsAt, event: 'moved' });
          return slotView(slotId);
      }
    },

    /** Cancels a slot: its waiting bookings become CANCELED, and their students hear of it. */
    async cancel(slotId: number): Promise<void> {
      const slot = await reviews.slot(slotId);
      if (!slot) throw notFound('server.noReviewSlot', { id: slotId });
      const result = await reviews.cancelSlot(slotId, clock.now());
      if (result === 'missing') throw notFound('server.noReviewSlot', { id: slotId });
      if (result === 'canceled') throw badRequest('server.reviewSlotCanceled');
      await notifyStudents(result.canceled, { moduleName: slot.module_name, startsAt: result.starts_at, event: 'canceled' });
    },
  };
}
