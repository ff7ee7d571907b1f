import { boolean, mixed, number, object, string } from 'yup';
import {
  DIRECTIONS,
  NOTIFICATION_AUDIENCES,
  ROLES,
  type Direction,
  type NotificationAudience,
  type RoleName,
  type StaffNotification,
  type StaffNotificationInput,
} from '@academy/shared/contract';
import { isRichTextEmpty } from '@academy/shared/rich-text';
import type { TextKey } from '../../i18n';

/** The server's limits (server/src/modules/notifications/service.ts), checked here first. */
export const TITLE_MAX = 200;
export const MESSAGE_MAX = 20_000;

/** What the form edits: the audience's value fields side by side, the end time as `datetime-local` writes it. */
export interface NotificationFormValues {
  title: string;
  message: string;
  important: boolean;
  /** `yyyy-MM-ddTHH:mm` in the browser's time zone, or '' */
  endTime: string;
  audience: NotificationAudience;
  role: RoleName | '';
  direction: Direction | '';
  courseId: string;
  userId: number | null;
  /** the chosen student's name, shown beside the search */
  userName: string;
  /** an error of the whole form (from the server) */
  form?: string;
}

export const EMPTY_FORM: NotificationFormValues = {
  title: '',
  message: '',
  important: false,
  endTime: '',
  audience: 'ALL',
  role: '',
  direction: '',
  courseId: '',
  userId: null,
  userName: '',
};

/** What the validation knows beyond the values: the end time stored before an edit (it may stay though past). */
export interface NotificationFormContext {
  keptEndTime: string;
}

const key = (k: TextKey) => k;

/**
 * The publishing form's rules, in the server's order: a title (at most 200 characters), a message
 * with visible text, an end time ahead (required for an important one), and the audience's value.
 * Messages are keys of the area's catalogue.
 */
export const notificationFormSchema = object({
  title: string().trim().required(key('publishing.errors.titleRequired')).max(TITLE_MAX, key('publishing.errors.titleTooLong')),
  message: string()
    .default('')
    .test('visible', key('publishing.errors.messageRequired'), (value) => !isRichTextEmpty(value ?? ''))
    .max(MESSAGE_MAX, key('publishing.errors.messageTooLong')),
  important: boolean().required(),
  endTime: string()
    .default('')
    .when('important', {
      is: true,
      then: (schema) => schema.required(key('publishing.errors.endTimeRequired')),
    })
    .test('valid', key('publishing.errors.endTimeInvalid'), (value) => !value || !Number.isNaN(Date.parse(value)))
    .test('ahead', key('publishing.errors.endTimePast'), (value, context) => {
      const kept = (context.options.context as NotificationFormContext | undefined)?.keptEndTime;
      return !value || value === kept || Date.parse(value) > Date.now();
    }),
  audience: mixed<NotificationAudience>()
    .oneOf([...NOTIFICATION_AUDIENCES])
    .required(),
  role: string().when('audience', {
    is: 'ROLE',
    then: (schema) =>
      schema.oneOf([...ROLES], key('publishing.errors.roleRequired')).required(key('publishing.errors.roleRequired')),
  }),
  direction: string().when('audience', {
    is: 'DIRECTION',
    then: (schema) =>
      schema
        .oneOf([...DIRECTIONS], key('publishing.errors.directionRequired'))
        .required(key('publishing.errors.directionRequired')),
  }),
  courseId: string().when('audience', {
    is: 'COURSE',
    then: (schema) => schema.required(key('publishing.errors.courseRequired')),
  }),
  userId: number()
    .nullable()
    .when('audience', {
      is: 'USER',
      then: (schema) => schema.required(key('publishing.errors.userRequired')),
    }),
});

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as `datetime-local` shows it, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The request the form's values make (the end time as an ISO instant with its zone). */
export function toInput(values: NotificationFormValues): StaffNotificationInput {
  const audience: StaffNotificationInput['audience'] = { kind: values.audience };
  if (values.audience === 'ROLE' && values.role) audience.role = values.role;
  if (values.audience === 'DIRECTION' && values.direction) audience.direction = values.direction;
  if (values.audience === 'COURSE' && values.courseId) audience.courseId = Number(values.courseId);
  if (values.audience === 'USER' && values.userId) audience.userId = values.userId;
  return {
    title: values.title.trim(),
    message: values.message,
    important: values.important,
    endTime: values.endTime ? new Date(values.endTime).toISOString() : null,
    audience,
  };
}

/** A sent notification loaded into the form to edit it. */
export function fromNotification(n: StaffNotification): NotificationFormValues {
  return {
    title: n.title,
    message: n.message,
    important: n.important,
    endTime: toLocalInput(n.endTime),
    audience: n.audience.kind,
    role: n.audience.role ?? '',
    direction: n.audience.direction ?? '',
    courseId: n.audience.courseId ? String(n.audience.courseId) : '',
    userId: n.audience.userId,
    userName: n.audience.kind === 'USER' ? (n.audience.name ?? '') : '',
  };
}

/** The form field a server refusal belongs to (by its key); the others are the whole form's. */
export function fieldOfServerKey(serverKey: string | undefined): keyof NotificationFormValues {
  if (!serverKey) return 'form';
  if (serverKey.startsWith('notificationTitle')) return 'title';
  if (serverKey.startsWith('notificationMessage')) return 'message';
  if (serverKey.startsWith('notificationEndTime') || serverKey === 'notificationImportantNeedsEnd') return 'endTime';
  if (serverKey === 'notificationAudienceRole') return 'role';
  if (serverKey === 'notificationAudienceDirection') return 'direction';
  if (serverKey === 'notificationAudienceCourse' || serverKey === 'notificationNoCourse') return 'courseId';
  if (serverKey === 'notificationAudienceUser' || serverKey === 'notificationNoUser') return 'userId';
  return 'form';
}
