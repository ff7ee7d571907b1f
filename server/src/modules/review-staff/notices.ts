import type { Kysely } from 'kysely';
import { formatDateTime } from '../../common/dates';
import type { Database } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { ACADEMY_ZONE } from '../../common/dates';
import { sendAcademyNotice, type ReviewNoticeEvent } from '../notifications/academy';
import type { ReviewStaffRepository } from './repository';

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

/** The staff's news to students: what a planner's or a mentor's change tells those it concerns. */
export function studentNotifier(db: Kysely<Database>, reviews: ReviewStaffRepository, clock: Clock) {
  /** Each student hears the news in their bell (after the change is committed). */
  return async function notifyStudents(
    students: Array<{ student_id: number }>,
    news: { moduleName: string; startsAt: Date; event: ReviewNoticeEvent },
  ): Promise<void> {
    const now = clock.now();
    for (const { student_id } of students) {
      await sendReviewNotice(db, { userId: student_id, zone: await reviews.zoneOf(student_id), ...news }, now);
    }
  };
}

export type NotifyStudents = ReturnType<typeof studentNotifier>;
