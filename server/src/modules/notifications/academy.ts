import type { Kysely } from 'kysely';
import type { Language } from '@academy/shared/contract';
import { isServerTextKey, translate, type ServerTextKey } from '@academy/shared/server-texts';
import type { Database, NotificationKind } from '../../db/schema';
import { escapeHtml } from '../mail/templates';
import { createNotificationRepository } from './repository';

/** What the academy itself tells one user (issue 11): each becomes a personal notification of the bell. */
export type AcademyNotice =
  | {
      kind: 'COMMENT_ANSWER';
      userId: number;
      authorName: string;
      taskTitle: string;
      excerpt: string;
      link: string;
      /** the answer quoted: its notices go when it is deleted and follow its edits (absent in demo notices) */
      commentId?: number;
    }
  | { kind: 'MENTOR_VERDICT'; userId: number; taskTitle: string; right: boolean; link: string }
  | {
      /** the bell's "Review" kind: a reminder of a review, or news of it (docs/courses.md, "Reviews") */
      kind: 'REVIEW_REMINDER';
      userId: number;
      moduleName: string;
      /** the review's start, written in the recipient's zone */
      time: string;
      link: string;
      /** what happened (absent: a reminder) */
      event?: ReviewNoticeEvent;
    };

/** News of a student's review: its slot moved or cancelled, or its outcome recorded. */
export type ReviewNoticeEvent = 'reminder' | 'moved' | 'canceled' | 'SUCCESS' | 'FAILED' | 'MISSED';

const REVIEW_NOTICE_TEXTS: Record<ReviewNoticeEvent, { title: ServerTextKey; message: ServerTextKey }> = {
  reminder: { title: 'notice.reviewReminderTitle', message: 'notice.reviewReminder' },
  moved: { title: 'notice.reviewMovedTitle', message: 'notice.reviewMoved' },
  canceled: { title: 'notice.reviewCanceledTitle', message: 'notice.reviewCanceled' },
  SUCCESS: { title: 'notice.reviewPassedTitle', message: 'notice.reviewPassed' },
  FAILED: { title: 'notice.reviewFailedTitle', message: 'notice.reviewFailed' },
  MISSED: { title: 'notice.reviewMissedTitle', message: 'notice.reviewMissed' },
};

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
        ...REVIEW_NOTICE_TEXTS[notice.event ?? 'reminder'],
        params: { module: notice.moduleName, time: notice.time },
      };
  }
}

/** An academy notice's texts as stored: its keys and values (null: a staff notice, or one written before). */
export interface NoticeTexts {
  title_key: string | null;
  message_key: string | null;
  text_values: Record<string, string> | null;
}

/** The title and the message as HTML built from escaped values, in a language. */
function written(title: ServerTextKey, message: ServerTextKey, params: Record<string, string>, language: Language) {
  const escaped = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, escapeHtml(value)]));
  return { title: translate(language, title, params), message: `<p>${translate(language, message, escaped)}</p>` };
}

/** The notice's title and message in a language, with the keys and values they are stored with. */
function noticeTexts(notice: AcademyNotice, language: Language) {
  const { title, message, params } = texts(notice);
  return { ...written(title, message, params, language), title_key: title, message_key: message, text_values: params };
}

/**
 * A notification as its reader reads it: an academy notice written anew in the reader's language from
 * its keys and values; a staff notice, or one stored before the keys (or with a key no longer known),
 * as written.
 */
export function inReadersLanguage(
  row: NoticeTexts & { title: string; message: string },
  language: Language,
): { title: string; message: string } {
  const { title_key: title, message_key: message, text_values: values } = row;
  if (!title || !message || !values || !isServerTextKey(title) || !isServerTextKey(message))
    return { title: row.title, message: row.message };
  return written(title, message, values, language);
}

/**
 * Sends a notice to one user, written in their language: the message is HTML built here from escaped
 * values (nothing a user typed becomes markup), with the link the bell's dialog offers.
 */
export async function sendAcademyNotice(db: Kysely<Database>, notice: AcademyNotice, now: Date): Promise<void> {
  const user = await db.selectFrom('users').select('language').where('id', '=', notice.userId).executeTakeFirst();
  if (!user) return;
  const { title, message, title_key, message_key, text_values } = noticeTexts(notice, user.language);
  const kind: NotificationKind = notice.kind;
  await db
    .insertInto('notifications')
    .values({
      title,
      message,
      title_key,
      message_key,
      text_values: JSON.stringify(text_values),
      date_time: now,
      important: false,
      audience: 'USER',
      user_id: notice.userId,
      kind,
      link: notice.link,
      comment_id: notice.kind === 'COMMENT_ANSWER' ? (notice.commentId ?? null) : null,
    })
    .execute();
}

/**
 * An answer was edited: its notices quote the new text, each in its recipient's language (the author's
 * name and the task's title as they are now). Notices of a deleted answer go by the foreign key.
 */
export async function refreshCommentNotices(db: Kysely<Database>, commentId: number): Promise<void> {
  const answer = await db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('course_tasks as t', 't.id', 'c.task_id')
    .select(['c.text', 'u.first_name', 'u.last_name', 't.title'])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
  if (!answer) return;
  const notices = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.user_id', 'n.link', 'u.language'])
    .where('n.comment_id', '=', commentId)
    .execute();
  for (const notice of notices) {
    const { title, message, text_values } = noticeTexts(
      {
        kind: 'COMMENT_ANSWER',
        userId: notice.user_id!,
        authorName: `${answer.first_name} ${answer.last_name}`,
        taskTitle: answer.title,
        excerpt: answer.text,
        link: notice.link ?? '',
      },
      notice.language,
    );
    await db
      .updateTable('notifications')
      .set({ title, message, text_values: JSON.stringify(text_values) })
      .where('id', '=', notice.id)
      .execute();
  }
}

/** Takes back the notices of an answer that waits for moderation again (approving it sends them anew). */
export async function withdrawCommentNotices(db: Kysely<Database>, commentId: number): Promise<void> {
  await db.deleteFrom('notifications').where('comment_id', '=', commentId).execute();
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
