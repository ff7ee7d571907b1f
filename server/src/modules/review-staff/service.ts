import {
  REVIEW_LIMITS,
  REVIEW_PLANNER_ROLES,
  type MentorReviewSlot,
  type ReviewOutcomeInput,
  type ReviewPlanningOptions,
  type ReviewSlot,
  type ReviewSlotInput,
  type ReviewSlotQuery,
} from '@academy/shared/contract';
import type { Kysely } from 'kysely';
import { formatDateTime } from '../../common/dates';
import type { Database, UserRow } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { badRequest, notFound } from '../../plugins/errors';
import { ACADEMY_ZONE, dayInZone, sqlZone } from '../../plugins/zone';
import { sendAcademyNotice, type ReviewNoticeEvent } from '../notifications/academy';
import { parseEndTime } from '../notifications/service';
import type { OutcomeDebts, ReviewStaffRepository, SlotRow, SlotValues } from './repository';

/** The planning list's default window, from its first day (spec: four weeks from today). */
export const PLANNING_DEFAULT_DAYS = 28;
/** The longest window the planning list reads. */
export const PLANNING_MAX_DAYS = 366;
/** The mentor's screen keeps a past slot this many days while a booking of it waits for its outcome. */
export const MENTOR_WAITING_DAYS = 7;

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

/** An instant as a notice names it: `dd.MM.yyyy HH:mm (zone)` in the recipient's zone (the academy's when unknown). */
export function noticeTime(at: Date, zone: string | null): string {
  const timeZone = zone ?? ACADEMY_ZONE;
  return `${formatDateTime(at, timeZone)} (${timeZone})`;
}

/** The conference page of a review for a student: a code, never the conference's address. */
export const meetPath = (code: string) => `/meet?linkCode=${encodeURIComponent(code)}`;

/** Where a student reads their reviews. */
export const REVIEW_LIST_PATH = '/user/review';

/**
 * Tells a student news of their review in their bell, in their language, the time in their zone.
 * `link` defaults to their review list.
 */
export async function sendReviewNotice(
  db: Kysely<Database>,
  notice: { userId: number; zone: string | null; moduleName: string; startsAt: Date; event: ReviewNoticeEvent; link?: string },
  now: Date,
): Promise<void> {
  await sendAcademyNotice(
    db,
    {
      kind: 'REVIEW_REMINDER',
      event: notice.event,
      userId: notice.userId,
      moduleName: notice.moduleName,
      time: noticeTime(notice.startsAt, notice.zone),
      link: notice.link ?? REVIEW_LIST_PATH,
    },
    now,
  );
}

/** The staff side of module reviews (docs/courses.md, "Reviews"): planning, outcomes and the staff's course actions. */
export function createReviewStaffService(db: Kysely<Database>, reviews: ReviewStaffRepository, clock: Clock) {
  const isPlanner = (user: UserRow) => REVIEW_PLANNER_ROLES.some((role) => role === user.role);

  /**
   * Slots with their bookings, as staff read them. The seats taken are the bookings not cancelled: a
   * review held (passed, failed, missed) took its seat, though the slot's counter (what a booking is
   * checked against: the waiting ones) lets it go with the outcome, as a started slot takes no more.
   */
  async function withBookings(rows: SlotRow[]): Promise<ReviewSlot[]> {
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

  async function slotView(slotId: number): Promise<ReviewSlot> {
    const row = await reviews.slot(slotId);
    if (!row) throw notFound('server.noReviewSlot', { id: slotId });
    return (await withBookings([row]))[0]!;
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

  /** Each student hears the news in their bell (after the change is committed). */
  async function notifyStudents(
    students: Array<{ student_id: number }>,
    news: { moduleName: string; startsAt: Date; event: ReviewNoticeEvent },
  ): Promise<void> {
    const now = clock.now();
    for (const { student_id } of students) {
      await sendReviewNotice(db, { userId: student_id, zone: await reviews.zoneOf(student_id), ...news }, now);
    }
  }

  /** A paying student enrolled in the course; 404 for no such student, 400 for one not enrolled. */
  async function enrolled(studentId: number, courseId: number): Promise<void> {
    const state = await reviews.enrolledStudent(studentId, courseId);
    if (state === 'noStudent') throw notFound('server.noStudent', { id: studentId });
    if (state === 'notEnrolled') throw badRequest('server.reviewStudentNotEnrolled', { id: studentId });
  }

  /** The modules of a course, and the one named (404 when either is missing). */
  async function courseModules(courseId: number, moduleId?: number): Promise<number[]> {
    const modules = await reviews.courseModules(courseId);
    if (!modules) throw notFound('server.noCourse', { id: courseId });
    if (moduleId !== undefined && !modules.includes(moduleId)) throw notFound('server.noModule', { courseId, moduleId });
    return modules;
  }

  /** Debts only with FAILED: code tasks of the module (each once, with a comment) and questions, within the limits. */
  async function checkDebts(input: ReviewOutcomeInput, moduleId: number): Promise<OutcomeDebts> {
    const code = input.codeDebts ?? [];
    const theory = input.theoryDebts ?? [];
    if (input.status !== 'FAILED') {
      if (code.length > 0 || theory.length > 0) throw badRequest('server.reviewDebtsOnlyFailed');
      return { code: [], theory: [] };
    }
    if (code.length > REVIEW_LIMITS.maxDebts || theory.length > REVIEW_LIMITS.maxDebts)
      throw badRequest('server.reviewTooManyDebts', { max: REVIEW_LIMITS.maxDebts });
    const tasks = new Set((await reviews.codeTasks([moduleId])).map((task) => task.taskId));
    const named = new Set<number>();
    const checkedCode = code.map((debt) => {
      if (!tasks.has(debt.taskId)) throw badRequest('server.reviewDebtTask', { id: debt.taskId });
      if (named.has(debt.taskId)) throw badRequest('server.reviewDebtTaskTwice', { id: debt.taskId });
      named.add(debt.taskId);
      const mentorComment = debt.mentorComment.trim();
      if (!mentorComment || mentorComment.length > REVIEW_LIMITS.maxDebtText)
        throw badRequest('server.reviewDebtComment', { max: REVIEW_LIMITS.maxDebtText });
      return { taskId: debt.taskId, mentorComment };
    });
    const checkedTheory = theory.map((question) => {
      const text = question.trim();
      if (!text || text.length > REVIEW_LIMITS.maxDebtText)
        throw badRequest('server.reviewDebtQuestion', { max: REVIEW_LIMITS.maxDebtText });
      return text;
    });
    return { code: checkedCode, theory: checkedTheory };
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
      return withBookings(rows);
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

    /**
     * The reviewing mentor's slots (a planner's: every slot) from today on, and the last week's while a
     * booking waits for its outcome; each with the module's code tasks for debts.
     */
    async mentorSlots(user: UserRow, zone: string): Promise<MentorReviewSlot[]> {
      const rows = await reviews.mentorSlots(isPlanner(user) ? null : user.id, clock.now(), sqlZone(zone), MENTOR_WAITING_DAYS);
      const [slots, tasks] = await Promise.all([
        withBookings(rows),
        reviews.codeTasks([...new Set(rows.map((r) => r.module_id))]),
      ]);
      return slots.map((slot) => ({
        ...slot,
        debtTasks: tasks
          .filter((task) => task.moduleId === slot.moduleId)
          .map(({ taskId, chapterPosition, taskPosition, title }) => ({ taskId, chapterPosition, taskPosition, title })),
      }));
    },

    /**
     * Records a waiting review's outcome after its slot started, once; only the slot's mentor or a
     * planner (anyone else finds no such review). The student hears of it.
     */
    async recordOutcome(user: UserRow, reviewId: number, input: ReviewOutcomeInput): Promise<void> {
      const review = await reviews.outcomeTarget(reviewId);
      if (!review || (!isPlanner(user) && review.mentor_id !== user.id)) throw notFound('server.noReview', { id: reviewId });
      if (review.status !== 'WAITED') throw badRequest('server.reviewOutcomeRecorded');
      if (review.starts_at.getTime() > clock.now().getTime()) throw badRequest('server.reviewNotStarted');
      const debts = await checkDebts(input, review.module_id);
      if (!(await reviews.recordOutcome(reviewId, input.status, debts, clock.now()))) {
        const now = await reviews.outcomeTarget(reviewId);
        if (now && now.status === 'WAITED') throw badRequest('server.reviewNotStarted');
        throw badRequest('server.reviewOutcomeRecorded');
      }
      await notifyStudents([{ student_id: review.student_id }], {
        moduleName: review.module_name,
        startsAt: review.starts_at,
        event: input.status,
      });
    },

    /** Staff reset a module's review for a student enrolled in its course (the review step is open again). */
    async discardReview(moduleId: number, studentId: number): Promise<void> {
      const module = await reviews.findModule(moduleId);
      if (!module) throw notFound('server.noModuleId', { id: moduleId });
      await enrolled(studentId, module.course_id);
      if (!(await reviews.hasReviewStep(moduleId))) throw badRequest('server.reviewModuleNoStep');
      await reviews.discardReview(studentId, moduleId);
    },

    /** Every task of a module solved for a student enrolled in the course (points once). */
    async moduleDone(courseId: number, moduleId: number, studentId: number): Promise<void> {
      await courseModules(courseId, moduleId);
      await enrolled(studentId, courseId);
      await reviews.completeModules(studentId, [moduleId]);
    },

    /** Every task of every module of the course solved for a student enrolled in it (points once). */
    async finishCourse(courseId: number, studentId: number): Promise<void> {
      const modules = await courseModules(courseId);
      await enrolled(studentId, courseId);
      await reviews.completeModules(studentId, modules);
    },
  };
}

export type ReviewStaffService = ReturnType<typeof createReviewStaffService>;
