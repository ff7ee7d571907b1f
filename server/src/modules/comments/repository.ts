import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { likeQueries } from './like-queries';
import { moderationQueries } from './moderation-queries';
import { threadQueries } from './thread-queries';
import { writeQueries } from './write-queries';

export type {
  CommentCore,
  CommentReader,
  CommentRow,
  CommentTaskRow,
  FoundComment,
  LikerRow,
  PendingRow,
  ThreadTaskRow,
} from './rows';

/**
 * Every query of the comments area, one responsibility a file: reading a thread (thread-queries.ts),
 * writing comments (write-queries.ts), likes (like-queries.ts) and moderation (moderation-queries.ts);
 * the rows they read are in rows.ts.
 */
export function createCommentRepository(db: Kysely<Database>) {
  return {
    ...threadQueries(db),
    ...writeQueries(db),
    ...likeQueries(db),
    ...moderationQueries(db),
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
