import { number, object, string } from 'yup';
import { REVIEW_LIMITS, type ReviewSlot, type ReviewSlotInput } from '@academy/shared/contract';
import { clockIn } from '@academy/shared/i18n';
import { dayOf } from '../../components/review-slot';
import type { TextKey } from '../../i18n';

/** What the planning form edits: selects hold ids as text, the start as a day and a time of the browser's zone. */
export interface SlotFormValues {
  courseId: string;
  moduleId: string;
  /** `yyyy-MM-dd` */
  date: string;
  /** `HH:mm` */
  time: string;
  /** as typed (formik gives a number field's text as a number, or '') */
  capacity: number | string;
  /** '' for no mentor yet */
  mentorId: string;
  conferenceUrl: string;
  /** an error of the whole form (from the server) */
  form?: string;
}

/** What the rules need beyond the values: the students already booked on the slot being changed. */
export interface SlotFormContext {
  seatsTaken: number;
}

export const EMPTY_SLOT_FORM: SlotFormValues = {
  courseId: '',
  moduleId: '',
  date: '',
  time: '',
  capacity: 10,
  mentorId: '',
  conferenceUrl: '',
};

const key = (k: TextKey) => k;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The start the day and time make, or null while either is missing or not a real moment. */
export function startOf(date: string, time: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const start = new Date(`${date}T${time}`);
  // `2030-02-31` is not rolled over to March: the day read back must be the one written
  return Number.isNaN(start.getTime()) || dayOf(start) !== date || clockIn(start) !== time ? null : start;
}

/** An absolute http(s) address without spaces or backslashes, as the server accepts it. */
export function isConferenceAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s\\]+$/i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

/**
 * The planning form's rules, the server's first (REVIEW_LIMITS): a module, a start in the future and
 * at most `maxDaysAhead` days ahead, 1 to `maxCapacity` seats and not fewer than already booked, an
 * optional http(s) conference address of at most `maxLinkLength` characters. Messages are area keys.
 */
export const slotFormSchema = object({
  courseId: string().required(key('planning.errors.courseRequired')),
  moduleId: string().required(key('planning.errors.moduleRequired')),
  date: string().required(key('planning.errors.dateRequired')),
  time: string()
    .required(key('planning.errors.timeRequired'))
    .test('real', key('planning.errors.startInvalid'), (time, context) => {
      const date = (context.parent as SlotFormValues).date;
      return !date || startOf(date, time) !== null;
    })
    .test('ahead', key('planning.errors.startPast'), (time, context) => {
      const start = startOf((context.parent as SlotFormValues).date, time);
      return !start || start.getTime() > Date.now();
    })
    .test('near', key('planning.errors.startTooFar'), (time, context) => {
      const start = startOf((context.parent as SlotFormValues).date, time);
      return !start || start.getTime() <= Date.now() + REVIEW_LIMITS.maxDaysAhead * DAY_MS;
    }),
  capacity: number()
    .typeError(key('planning.errors.capacityRequired'))
    .required(key('planning.errors.capacityRequired'))
    .integer(key('planning.errors.capacityWhole'))
    .min(1, key('planning.errors.capacityRange'))
    .max(REVIEW_LIMITS.maxCapacity, key('planning.errors.capacityRange'))
    .test('booked', key('planning.errors.capacityBelowBooked'), (capacity, context) => {
      const booked = (context.options.context as SlotFormContext | undefined)?.seatsTaken ?? 0;
      return capacity === undefined || capacity >= booked;
    }),
  mentorId: string(),
  conferenceUrl: string()
    .trim()
    .max(REVIEW_LIMITS.maxLinkLength, key('planning.errors.linkTooLong'))
    .test('web', key('planning.errors.linkInvalid'), (value) => !value || isConferenceAddress(value)),
});

/** A planned slot loaded into the form to move or change it. */
export function fromSlot(slot: ReviewSlot): SlotFormValues {
  const start = new Date(slot.startsAt);
  return {
    courseId: String(slot.courseId),
    moduleId: String(slot.moduleId),
    date: dayOf(start),
    time: clockIn(start),
    capacity: slot.capacity,
    mentorId: slot.mentorId === null ? '' : String(slot.mentorId),
    conferenceUrl: slot.conferenceUrl ?? '',
  };
}

/** The request the form's values make (checked by the schema first). */
export function toSlotInput(values: SlotFormValues): ReviewSlotInput {
  const conferenceUrl = values.conferenceUrl.trim();
  return {
    moduleId: Number(values.moduleId),
    startsAt: startOf(values.date, values.time)!.toISOString(),
    capacity: Number(values.capacity),
    mentorId: values.mentorId ? Number(values.mentorId) : null,
    conferenceUrl: conferenceUrl || null,
  };
}

/** The form field each refusal of the planning calls belongs to (server-texts keys without `server.`). */
const FIELD_OF_SERVER_KEY: Readonly<Record<string, keyof SlotFormValues>> = {
  reviewSlotBadStart: 'time',
  reviewSlotStartPast: 'time',
  reviewSlotTooFar: 'time',
  reviewSlotCapacity: 'capacity',
  reviewSlotBelowTaken: 'capacity',
  reviewSlotNoModule: 'moduleId',
  reviewSlotModuleBooked: 'moduleId',
  noModuleId: 'moduleId',
  reviewSlotNotReviewer: 'mentorId',
  reviewSlotConferenceUrl: 'conferenceUrl',
};

/** The form field a server refusal belongs to (by its key); the others are the whole form's. */
export function fieldOfServerKey(serverKey: string | undefined): keyof SlotFormValues {
  return (serverKey && FIELD_OF_SERVER_KEY[serverKey]) || 'form';
}
