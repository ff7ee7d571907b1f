import type { Direction, RoleName } from '@academy/shared/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { CourseKind, Database } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { CourseCatalog, StudentProgress } from '../courses/catalog';

/** Whose thread is read: the reader, and whether they see every comment (staff) or only the approved and their own. */
export interface CommentReader {
  id: number;
  seesPending: boolean;
}

/** A task with what the comment rules need: its course (direction, kind) and its place in it. */
export interface CommentTaskRow {
  id: number;
  title: string;
  course_id: number;
  course_name: string;
  course_kind: CourseKind;
  direction: Direction;
  module_id: number;
  module_position: number;
  chapter_position: number;
  task_position: number;
}

/** A thread's task as a reader reaches it: with whether they are enrolled in its course. */
export interface ThreadTaskRow extends CommentTaskRow {
  enrolled: boolean;
}

/** One comment with its author, its like count and whether the reader liked it. */
export interface CommentRow extends CommentCore {
  edited_at: Date | null;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  role: RoleName;
  direction: Direction | null;
  likes: number;
  liked_by_me: boolean;
}

/** A comment of a thread, with its first likers (`thread`). */
export interface ThreadRow extends CommentRow {
  likers: LikerRow[];
}

/** A comment as the rules read it (no author details). */
export interface CommentCore {
  id: number;
  task_id: number;
  parent_id: number | null;
  user_id: number;
  text: string;
  pre_moderate: boolean;
  created_at: Date;
}

/** A comment with what the rules ask of its top-level comment when it is an answer. */
export interface FoundComment extends CommentCore {
  /** its top-level comment awaits moderation (false for a top-level comment) */
  parent_pending: boolean;
  /** the author of its top-level comment; null for a top-level comment */
  parent_user_id: number | null;
}

export interface LikerRow {
  comment_id: number;
  id: number;
  first_name: string;
  last_name: string;
}

/** A comment awaiting moderation with its student and task (the staff list). */
export interface PendingRow extends CommentTaskRow {
  comment_id: number;
  text: string;
  created_at: Date;
  parent_id: number | null;
  student_id: number;
  first_name: string;
  last_name: string;
  student_direction: Direction | null;
}

/** The columns naming a task and where it lies (its page's address), from t, ch, m and co. */
export const TASK_PLACE = [
  't.id',
  't.title',
  'co.id as course_id',
  'co.name as course_name',
  'co.kind as course_kind',
  'co.direction',
  'm.id as module_id',
  'm.position as module_position',
  'ch.position as chapter_position',
  't.position as task_position',
] as const;

/** What the comment rules work with, made by other plugins and given here (docs/architecture.md, "Server"). */
export interface CommentDeps {
  db: Kysely<Database>;
  clock: Clock;
  rateLimiter: RateLimiter;
  catalog: CourseCatalog;
  progress: StudentProgress;
  /** the settings read at each call: how many approved comments end a new student's pre-moderation (ACADEMY_COMMENTS_PREMODERATED) */
  settings: Pick<AppConfig, 'commentsPremoderated'>;
}
