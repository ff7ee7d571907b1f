/**
 * Comments under tasks (spec 1 §3, §4, §7): the thread's shape, the moderation list, the limits.
 * Imported by the server too: no React, no browser APIs.
 */
import type { Direction } from './index';

/** The most characters a comment holds, after trimming (the server refuses longer ones). */
export const COMMENT_MAX_LENGTH = 2000;

/** The bidi embedding, override and isolate controls: they can reverse how a text (a link's address) reads. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * What nobody sees: spaces, format characters (\p{Cf}: zero-width spaces and joiners, bidi controls,
 * the byte order mark) and the Hangul fillers that draw as blanks.
 */
const INVISIBLE = /[\s\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;

/** A comment's text as it is stored: without bidi controls, trimmed (the server and the form agree on it). */
export function normalizeCommentText(raw: string): string {
  return raw.replace(BIDI_CONTROLS, '').trim();
}

/** Whether a comment shows nothing: made only of spaces, format characters and fillers. */
export function isBlankComment(text: string): boolean {
  return text.replace(INVISIBLE, '').length === 0;
}

/** Spec 1 §9: the author may edit or delete a comment this many minutes after writing it. */
export const COMMENT_EDIT_WINDOW_MINUTES = 5;

/** Spec 1 §9: a comment taller than this (px) is shown collapsed, with a control to expand it. */
export const COMMENT_COLLAPSE_HEIGHT = 100;

/**
 * How much of a thread one read returns: the newest top-level comments (shown oldest first), the
 * newest answers of each, and the first names of who liked each (`likes` always counts them all).
 */
export const COMMENT_THREAD_LIMITS = { comments: 500, answersPerComment: 200, likersPerComment: 50 } as const;

/** The moderation list's page: at most this many comments, the next page continues `after` the last id. */
export const MODERATION_PAGE_SIZE = 100;

/** The author of a comment as the thread shows them. */
export interface CommentAuthor {
  id: number;
  firstName: string;
  lastName: string;
  /** null when the user has no picture, or the reader may not see it */
  avatarUrl: string | null;
}

/** Someone who liked a comment. */
export interface CommentLiker {
  id: number;
  firstName: string;
  lastName: string;
}

/** A comment of a task's thread (spec 1 §3), with the reader's own flags. */
export interface TaskComment {
  id: number;
  /** as written (the browser escapes it, links it and draws the emoji) */
  text: string;
  /** dd.MM.yyyy HH:mm in the reader's time zone (the zoneId header) */
  date: string;
  /** the moment it was written, ISO 8601 */
  createdAt: string;
  /** the author changed it after writing it */
  edited: boolean;
  user: CommentAuthor;
  /** who liked it (the first ones, see COMMENT_THREAD_LIMITS) */
  commentsLikes: CommentLiker[];
  /** how many liked it */
  likes: number;
  likedByMe: boolean;
  /** answers, oldest first (one level: an answer has none) */
  dependentComments: TaskComment[];
  /** awaiting moderation: seen only by its author and staff */
  preModerate: boolean;
  /** until when the reader may edit or delete it (ISO); null when they may not */
  editableUntil: string | null;
  /** the reader wrote it */
  mine: boolean;
  /** the top-level comment an answer belongs to; null for a top-level comment */
  parentId: number | null;
}

/** A comment awaiting moderation, as the staff screen lists it (`GET /api/comment/moderation`). */
export interface PendingComment {
  id: number;
  text: string;
  /** dd.MM.yyyy HH:mm in the reader's time zone */
  date: string;
  createdAt: string;
  /** set when it answers another comment */
  parentId: number | null;
  student: { id: number; firstName: string; lastName: string; direction: Direction | null };
  task: { id: number; title: string; courseId: number; courseName: string };
  /** the task page in view-as-student mode of the author (`?studentId=`) */
  taskPath: string;
}

/** A page of the moderation list: oldest first; `next` is the `after` of the next page, null on the last. */
export interface PendingCommentsPage {
  items: PendingComment[];
  next: number | null;
}
