/**
 * Notifications: the bell's, and the staff's publishing of them. Types only:
 * no code, the server imports them too.
 */
import type { Direction, NotificationAudience, NotificationKind, RoleName } from './index';

/** A notification of the bell (spec 1 §3); `show` true means read. */
export interface GeneralNotification {
  id: number;
  title: string;
  message: string;
  dateTime: string;
  endTime: string | null;
  show: boolean;
  important: boolean;
  /** an address inside the academy the notification leads to (a task page), or null */
  link: string | null;
  kind: NotificationKind;
}

/** The audience of a published notification: its kind and the one value that kind needs. */
export interface NotificationAudienceInput {
  kind: NotificationAudience;
  role?: RoleName;
  direction?: Direction;
  courseId?: number;
  userId?: number;
}

/** What staff send to publish or edit a notification (`POST`/`PUT /api/staff/notifications`). */
export interface StaffNotificationInput {
  title: string;
  /** HTML; sanitized by the server */
  message: string;
  important: boolean;
  /** ISO date-time, or null */
  endTime: string | null;
  audience: NotificationAudienceInput;
}

/** A published notification as the staff list shows it. */
export interface StaffNotification {
  id: number;
  title: string;
  message: string;
  important: boolean;
  dateTime: string;
  endTime: string | null;
  updatedAt: string | null;
  withdrawnAt: string | null;
  /** the audience with its value; `name` is the course's or the user's name (roles and directions are named by the page) */
  audience: {
    kind: NotificationAudience;
    role: RoleName | null;
    direction: Direction | null;
    courseId: number | null;
    userId: number | null;
    name: string | null;
  };
  author: { id: number; name: string } | null;
  /** who last edited it (with `updatedAt`, when): its author or an administrator; null when never edited */
  editedBy: { id: number; name: string } | null;
  /** how many users have opened it */
  readCount: number;
  /** how many users it reaches now */
  audienceSize: number;
}

/** A page of the staff list, newest first; `nextBefore` asks for the next page (null: no more). */
export interface StaffNotificationPage {
  items: StaffNotification[];
  nextBefore: number | null;
}

/** A course a notification can be addressed to (the publishing form's list). */
export interface NotificationCourseOption {
  id: number;
  name: string;
  direction: Direction;
}
