import { Type, type TSchema } from 'typebox';
import { COMMENT_MAX_LENGTH, DIRECTIONS, MODERATION_PAGE_SIZE } from '@academy/shared/contract';
import { Id, IdParams, Nullable } from '../../common/schemas';

// requests
export const TaskParams = IdParams('taskId');
export const CommentParams = IdParams('id');
export const CommentIdParams = IdParams('commentId');
export const MainQuery = Type.Object({ mainId: Type.Optional(Id) });

/**
 * A comment's text as sent: the form field bounds what is read (spaces around a long text may be
 * trimmed away); the service says "empty" or "too long" after trimming, with the catalogue's text.
 */
const RawText = Type.String({ maxLength: COMMENT_MAX_LENGTH * 2 });
export const TextBody = Type.Object({ text: RawText });
export const NewTextBody = Type.Object({ newText: RawText });

export const ModerationQuery = Type.Object({
  after: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      description: 'The id of the last comment of the previous page: the page continues after it',
    }),
  ),
});

// replies
const Author = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarUrl: Nullable(Type.String()),
});
const Liker = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() });

const commentFields = {
  id: Type.Integer(),
  text: Type.String(),
  date: Type.String({ description: 'dd.MM.yyyy HH:mm in the reader’s time zone' }),
  createdAt: Type.String({ format: 'date-time' }),
  edited: Type.Boolean(),
  user: Author,
  commentsLikes: Type.Array(Liker),
  likes: Type.Integer(),
  likedByMe: Type.Boolean(),
  preModerate: Type.Boolean(),
  editableUntil: Nullable(Type.String({ description: 'until when the reader may edit or delete it; null: may not' })),
  mine: Type.Boolean(),
  parentId: Nullable(Type.Integer()),
};

const commentSchema = (answers: TSchema) =>
  Type.Object({ ...commentFields, dependentComments: answers }, { additionalProperties: false });

/** An answer: the comment's shape, with no answers of its own (one level of nesting). */
const AnswerSchema = commentSchema(Type.Array(Type.Unknown(), { maxItems: 0 }));

/** A comment of the thread (`TaskComment` of the contract). */
export const CommentSchema = commentSchema(Type.Array(AnswerSchema));

export const PendingCommentSchema = Type.Object(
  {
    id: Type.Integer(),
    text: Type.String(),
    date: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    parentId: Nullable(Type.Integer()),
    student: Type.Object({
      id: Type.Integer(),
      firstName: Type.String(),
      lastName: Type.String(),
      direction: Nullable(Type.Enum(DIRECTIONS)),
    }),
    task: Type.Object({ id: Type.Integer(), title: Type.String(), courseId: Type.Integer(), courseName: Type.String() }),
    taskPath: Type.String(),
  },
  { additionalProperties: false },
);

export const PendingPageSchema = Type.Object({
  items: Type.Array(PendingCommentSchema, { maxItems: MODERATION_PAGE_SIZE }),
  next: Nullable(Type.Integer()),
});

export const ApprovedSchema = Type.Object({ id: Type.Integer(), preModerate: Type.Literal(false) });
