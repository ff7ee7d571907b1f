import { Type } from 'typebox';
import { STAFF_VIEW_ROLES, type RoleName } from '@academy/shared/contract';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { currentUser, requireRoles } from '../../plugins/guards';
import { createCommentRepository } from './repository';
import {
  ApprovedSchema,
  CommentIdParams,
  CommentParams,
  CommentSchema,
  MainQuery,
  ModerationQuery,
  NewTextBody,
  PendingPageSchema,
  TaskParams,
  TextBody,
} from './schemas';
import { createCommentService } from './service';

const tags = ['comments'];

/** Who reads and writes threads: the paying student (of the course's direction, the service checks) and staff. */
export const COMMENT_ROLES: readonly RoleName[] = ['PAY_STUDENT', ...STAFF_VIEW_ROLES];

/** Who approves and deletes comments awaiting moderation (spec 1 §6). */
export const MODERATOR_ROLES: readonly RoleName[] = STAFF_VIEW_ROLES;

/** Comments under tasks and their moderation (spec 1 §3–§7). */
export default async function commentsModule(app: App): Promise<void> {
  const comments = createCommentService(
    {
      db: app.db,
      clock: app.clock,
      rateLimiter: app.rateLimiter,
      catalog: app.courseCatalog,
      progress: app.studentProgress,
      settings: app.config,
    },
    createCommentRepository(app.db),
  );
  const writers = requireRoles(COMMENT_ROLES);
  const moderators = requireRoles(MODERATOR_ROLES);
  const one = Reply(CommentSchema);

  app.get(
    '/api/user/comment/task/:taskId',
    {
      preHandler: writers,
      schema: {
        summary: 'A task’s thread: the newest 500 top-level comments oldest first, each with its answers',
        tags,
        params: TaskParams,
        response: Reply(Type.Array(CommentSchema)),
      },
    },
    async (request) => ok(await comments.thread(currentUser(request), request.params.taskId, request.zoneId)),
  );

  app.post(
    '/api/user/comment/task/:taskId',
    {
      preHandler: writers,
      schema: {
        summary: 'Write a comment (form field `text`); with `mainId` an answer to that comment',
        tags,
        params: TaskParams,
        querystring: MainQuery,
        body: TextBody,
        response: one,
      },
    },
    async (request) =>
      ok(
        await comments.create(
          currentUser(request),
          request.params.taskId,
          request.query.mainId,
          request.body.text,
          request.zoneId,
        ),
      ),
  );

  app.post(
    '/api/user/comment/:id/answer',
    {
      preHandler: writers,
      schema: {
        summary: 'Answer a comment (form field `text`); an answer to an answer joins the same top-level comment',
        tags,
        params: CommentParams,
        body: TextBody,
        response: one,
      },
    },
    async (request) => ok(await comments.answer(currentUser(request), request.params.id, request.body.text, request.zoneId)),
  );

  app.put(
    '/api/user/comment/:commentId',
    {
      preHandler: writers,
      schema: {
        summary: 'Edit one’s comment (form field `newText`) within 5 minutes of writing it',
        tags,
        params: CommentIdParams,
        body: NewTextBody,
        response: one,
      },
    },
    async (request) =>
      ok(await comments.edit(currentUser(request), request.params.commentId, request.body.newText, request.zoneId)),
  );

  app.delete(
    '/api/user/comment/:id',
    {
      preHandler: writers,
      schema: {
        summary: 'Delete one’s comment (and its answers) within 5 minutes of writing it',
        tags,
        params: CommentParams,
        response: Reply(Type.Boolean()),
      },
    },
    async (request) => ok(await comments.remove(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/user/comment/:id/like',
    {
      preHandler: writers,
      schema: { summary: 'Like a comment (once); the like count', tags, params: CommentParams, response: Reply(Type.Integer()) },
    },
    async (request) => ok(await comments.like(currentUser(request), request.params.id)),
  );

  app.delete(
    '/api/user/comment/:id/like',
    {
      preHandler: writers,
      schema: { summary: 'Take one’s like back; the like count', tags, params: CommentParams, response: Reply(Type.Integer()) },
    },
    async (request) => ok(await comments.unlike(currentUser(request), request.params.id)),
  );

  // moderation (staff)
  app.get(
    '/api/comment/moderation',
    {
      preHandler: moderators,
      schema: {
        summary: 'Comments awaiting moderation, oldest first: 100 a page, `after` = the last id for the next',
        tags,
        querystring: ModerationQuery,
        response: Reply(PendingPageSchema),
      },
    },
    async (request) => ok(await comments.pending(request.query.after, request.zoneId)),
  );

  app.put(
    '/api/comment/moderation/:id',
    {
      preHandler: moderators,
      schema: {
        summary: 'Approve a comment awaiting moderation (approving again changes nothing)',
        tags,
        params: CommentParams,
        response: Reply(ApprovedSchema),
      },
    },
    async (request) => ok(await comments.approve(request.params.id)),
  );

  app.delete(
    '/api/comment/moderation/:id',
    {
      preHandler: moderators,
      schema: { summary: 'Delete a comment and its answers', tags, params: CommentParams, response: Reply(Type.Boolean()) },
    },
    async (request) => ok(await comments.moderationDelete(request.params.id)),
  );
}
