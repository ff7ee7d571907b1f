import {
  REVIEW_LIST_WINDOW_DAYS,
  type CodeDebt,
  type ReviewEntry,
  type ReviewSearchRequest,
  type ReviewTimeEntry,
  type StudentReview,
  type TheoryDebt,
} from '@academy/shared/contract';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { badRequest, notFound } from '../../common/errors';
import type { Subject } from '../../plugins/subject';
import { sqlZone } from '../../common/dates';
import type { ReviewRepository } from './repository';

/** `dd.MM.yyyy` as `yyyy-mm-dd` when it names a real day; empty or null: no bound. */
export function parseListDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  const [, day, month, year] = match ?? [];
  const date = match ? new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))) : null;
  // the year 0000 does not exist for the database (it was a 500)
  if (!date || Number(year) < 1 || date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1)
    throw badRequest('server.reviewBadDate', { date: value });
  return `${year}-${month}-${day}`;
}

/** The conference page of a review: a code, so the conference's address is never in the reply. */
const meetLink = (code: string | null) => (code ? `/meet?linkCode=${encodeURIComponent(code)}` : null);

/** The student's side of module reviews (spec 2 §2.6, §2.7; docs/courses.md, "Reviews"). */
export function createReviewService(reviews: ReviewRepository, clock: Clock) {
  /** The module must be of a course the student is enrolled in. */
  async function ownModule(studentId: number, moduleId: number) {
    const module = await reviews.studentModule(studentId, moduleId);
    if (!module) throw badRequest('server.reviewModuleNotYours');
    return module;
  }

  /** A review of the subject's student; another student's is as absent as a missing one. */
  async function subjectReview(subject: Subject, reviewId: number) {
    const review = await reviews.findReview(reviewId);
    if (!review || review.student_id !== subject.student.id) throw notFound('server.noReview', { id: reviewId });
    return review;
  }

  return {
    /** The sign-up calendar: the module's slots from now to the end of next month, by day of the zone. */
    async entry(studentId: number, moduleId: number, zone: string): Promise<ReviewEntry> {
      await ownModule(studentId, moduleId);
      const name = sqlZone(zone);
      const now = clock.now();
      const slots = await reviews.calendar(moduleId, studentId, now, name);
      const days: Record<string, ReviewTimeEntry[]> = {};
      for (const slot of slots) {
        (days[slot.day] ??= []).push({
          reviewId: slot.id,
          time: slot.time,
          startsAt: slot.starts_at.toISOString(),
          registered: slot.registered,
          full: slot.full,
        });
      }
      return { moduleId, mapOfListTimeEntryDto: days, recordedDay: await reviews.waitedDay(studentId, moduleId, name) };
    },

    /**
     * Books a seat of a slot; every refusal is a 400 the student reads (spec 2 §8). A review is part of
     * the full programme: a TRIAL student is refused, as their code and mentor-check answers are.
     */
    async book(student: Pick<UserRow, 'id' | 'payment_type'>, slotId: number, moduleId: number | undefined): Promise<void> {
      if (student.payment_type === 'TRIAL') throw badRequest('server.trialLocked');
      const studentId = student.id;
      const slot = await reviews.findSlot(slotId);
      if (!slot || slot.canceled_at !== null) throw notFound('server.noReviewSlot', { id: slotId });
      if (moduleId !== undefined && moduleId !== slot.module_id) throw badRequest('server.reviewSlotOtherModule');
      const module = await ownModule(studentId, slot.module_id);
      const now = clock.now();
      if (slot.starts_at.getTime() <= now.getTime()) throw badRequest('server.reviewSlotPast');
      // the review step is not open in a blocked module: the page says "not available" (spec 2 §2.2)
      if (await reviews.moduleBlocked(studentId, module.course_id, module.id)) throw badRequest('server.reviewModuleBlocked');
      if (await reviews.passed(studentId, slot.module_id)) throw badRequest('server.reviewModulePassed');
      const outcome = await reviews.book(slotId, slot.module_id, studentId, now);
      if (outcome === 'alreadyBooked') throw badRequest('server.reviewAlreadyBooked');
      if (outcome === 'noSeat') {
        // the seat went to someone else meanwhile, or the slot was cancelled, started or given another module
        const current = await reviews.findSlot(slotId);
        if (!current || current.canceled_at !== null) throw notFound('server.noReviewSlot', { id: slotId });
        if (current.module_id !== slot.module_id) throw badRequest('server.reviewSlotOtherModule');
        if (current.starts_at.getTime() <= clock.now().getTime()) throw badRequest('server.reviewSlotPast');
        throw badRequest('server.reviewSlotFull');
      }
    },

    /** Cancels the student's booking of a slot before it starts. */
    async cancel(studentId: number, slotId: number): Promise<void> {
      if (await reviews.cancelBooking(slotId, studentId, clock.now())) return;
      const slot = await reviews.findSlot(slotId);
      if (!slot) throw notFound('server.noReviewSlot', { id: slotId });
      const booked = await reviews.hasBooking(slotId, studentId);
      if (booked && slot.starts_at.getTime() <= clock.now().getTime()) throw badRequest('server.reviewStarted');
      throw badRequest('server.reviewNotBooked');
    },

    /** The subject's reviews in a window of days of the caller's zone (default: 14 days either side of today). */
    async list(subject: Subject, search: ReviewSearchRequest, zone: string): Promise<StudentReview[]> {
      const range = {
        from: parseListDate(search.startTime),
        to: parseListDate(search.endTime),
        windowDays: REVIEW_LIST_WINDOW_DAYS,
      };
      const rows = await reviews.list(subject.student.id, range, search.reviewStatus ?? null, clock.now(), sqlZone(zone));
      return rows.map((row) => ({
        studentReviewId: row.id,
        moduleId: row.module_id,
        moduleTitle: row.module_title,
        reviewTime: row.starts_at.toISOString(),
        status: row.status,
        link: row.status === 'WAITED' ? meetLink(row.link_code) : null,
      }));
    },

    /** Deletes the student's own review that holds no result (the list's reject action). */
    async remove(subject: Subject, reviewId: number): Promise<void> {
      const review = await subjectReview(subject, reviewId);
      if (review.status === 'SUCCESS' || review.status === 'FAILED') throw badRequest('server.reviewNotDeletable');
      if (review.status === 'WAITED' && review.starts_at.getTime() <= clock.now().getTime())
        throw badRequest('server.reviewStarted');
      if (!(await reviews.deleteReview(reviewId, subject.student.id, clock.now())))
        throw notFound('server.noReview', { id: reviewId });
    },

    async codeDebts(subject: Subject, reviewId: number): Promise<CodeDebt[]> {
      await subjectReview(subject, reviewId);
      return reviews.codeDebts(reviewId);
    },

    async theoryDebts(subject: Subject, reviewId: number): Promise<TheoryDebt[]> {
      await subjectReview(subject, reviewId);
      return reviews.theoryDebts(reviewId);
    },
  };
}
