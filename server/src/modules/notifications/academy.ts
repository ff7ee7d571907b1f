import type { Kysely } from 'kysely';
import { translate, type ServerTextKey } from '@academy/shared/server-texts';
import type { Database, NotificationKind } from '../../db/schema';
import { escapeHtml } from '../mail/templates';
import { createNotificationRepository } from './repository';

/** What the academy itself tells one user (issue 11): each becomes a personal notification of the bell. */
export type AcademyNotice =
  | { kind: 'COMMENT_ANSWER'; userId: number; authorName: string; taskTitle: string; excerpt: string; link: string }
  | { kind: 'MENTOR_VERDICT'; userId: number; taskTitle: string; right: boolean; link: string }
  | { kind: 'REVIEW_REMINDER'; userId: number; moduleName: string; time: string; link: string };

/** How much of a comment an answer notification quotes. */
export const NOTICE_EXCERPT_LENGTH = 140;

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > NOTICE_EXCERPT_LENGTH ? `${oneLine.slice(0, NOTICE_EXCERPT_LENGTH - 1)}…` : oneLine;
}

function texts(notice: AcademyNotice): { title: ServerTextKey; message: ServerTextKey; params: Record<string, string> } {
  switch (notice.kind) {
    case 'COMMENT_ANSWER':
      return {
        title: 'notice.commentAnswerTitle',
        message: 'notice.commentAnswer',
        params: { author: notice.authorName, task: notice.taskTitle, text: excerpt(notice.excerpt) },
      };
    case 'MENTOR_VERDICT':
      return {
        title: notice.right ? 'notice.verdictAcceptedTitle' : 'notice.verdictReturnedTitle',
        message: notice.right ? 'notice.verdictAccepted' : 'notice.verdictReturned',
        params: { task: notice.taskTitle },
      };
    case 'REVIEW_REMINDER':
      return {
        title: 'notice.reviewReminderTitle',
        message: 'notice.reviewReminder',
        params: { module: notice.moduleName, time: notice.time },
      };
  }
}

/**
 * Sends a notice to one user, written in their language: the message is HTML built here from escaped
 * values (nothing a user typed becomes markup), with the link the bell's dialog offers.
 */
export async function sendAcademyNotice(db: Kysely<Database>, notice: AcademyNotice, now: Date): Promise<void> {
  const user = await db.selectFrom('users').select('language').where('id', '=', notice.userId).executeTakeFirst();
  if (!user) return;
  const { title, message, params } = texts(notice);
  const escaped = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, escapeHtml(value)]));
  const kind: NotificationKind = notice.kind;
  await db
    .insertInto('notifications')
    .values({
      title: translate(user.language, title, params),
      message: `<p>${translate(user.language, message, escaped)}</p>`,
      date_time: now,
      important: false,
      audience: 'USER',
      user_id: notice.userId,
      kind,
      link: notice.link,
    })
    .execute();
}

/**
 * A mentor's verdict on a student's answer (`giveVerdict`): the student hears of it in their bell, with
 * the task page's address (their own page, never a view-as one).
 */
export async function sendVerdictNotice(
  db: Kysely<Database>,
  verdict: { stateId: number; right: boolean },
  now: Date,
): Promise<void> {
  const target = await createNotificationRepository(db).verdictTarget(verdict.stateId);
  if (!target) return;
  // the address `taskPath` of shared/domain builds for the task page (the server reads only the contract)
  const course = target.course_kind === 'additional' ? `additional/${target.course_id}` : String(target.course_id);
  const link = `/user/courses/${course}/${target.module_position}/${target.chapter_position}/${target.task_position}`;
  await sendAcademyNotice(
    db,
    { kind: 'MENTOR_VERDICT', userId: target.student_id, taskTitle: target.title, right: verdict.right, link },
    now,
  );
}
