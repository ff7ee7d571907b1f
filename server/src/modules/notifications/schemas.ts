import { Type } from 'typebox';
import { DIRECTIONS, NOTIFICATION_AUDIENCES, NOTIFICATION_KINDS, ROLES } from '@academy/shared/contract';
import { Id, IdParams, Nullable, Text } from '../../common/schemas';

/** Hard bounds of what a request may carry; the friendlier limits (title 200, message 20,000) are the service's. */
const TITLE_BOUND = 1_000;
const MESSAGE_BOUND = 100_000;

// requests
export const MarkReadBody = Type.Object({ sgnId: Id });

export const NotificationParams = IdParams('notificationId');

export const StaffListQuery = Type.Object({
  /** the last notification of the previous page */
  before: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

/** A published notification's audience: its kind and the one value that kind needs (the service checks which). */
export const AudienceInput = Type.Object(
  {
    kind: Type.Enum(NOTIFICATION_AUDIENCES),
    role: Type.Optional(Type.Enum(ROLES)),
    direction: Type.Optional(Type.Enum(DIRECTIONS)),
    courseId: Type.Optional(Id),
    userId: Type.Optional(Id),
  },
  { additionalProperties: false },
);

/** `StaffNotificationInput` of the contract. */
export const StaffNotificationBody = Type.Object(
  {
    title: Text(TITLE_BOUND),
    message: Text(MESSAGE_BOUND),
    important: Type.Boolean(),
    /** ISO date-time with a zone (2030-01-31T18:00:00.000Z), or null */
    endTime: Nullable(Text(40)),
    audience: AudienceInput,
  },
  { additionalProperties: false },
);

// replies
/** A notification of the bell (`GeneralNotification` of the contract); `show` true means read. */
export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  message: Type.String(),
  dateTime: Type.String(),
  endTime: Nullable(Type.String()),
  show: Type.Boolean(),
  important: Type.Boolean(),
  link: Nullable(Type.String()),
  kind: Type.Enum(NOTIFICATION_KINDS),
});

/** `StaffNotification` of the contract. */
export const StaffNotificationSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  message: Type.String(),
  important: Type.Boolean(),
  dateTime: Type.String(),
  endTime: Nullable(Type.String()),
  updatedAt: Nullable(Type.String()),
  withdrawnAt: Nullable(Type.String()),
  audience: Type.Object({
    kind: Type.Enum(NOTIFICATION_AUDIENCES),
    role: Nullable(Type.Enum(ROLES)),
    direction: Nullable(Type.Enum(DIRECTIONS)),
    courseId: Nullable(Type.Integer()),
    userId: Nullable(Type.Integer()),
    name: Nullable(Type.String()),
  }),
  author: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  editedBy: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  readCount: Type.Integer(),
  audienceSize: Type.Integer(),
});

export const StaffNotificationPageSchema = Type.Object({
  items: Type.Array(StaffNotificationSchema),
  nextBefore: Nullable(Type.Integer()),
});

export const CourseOptionSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  direction: Type.Enum(DIRECTIONS),
});
