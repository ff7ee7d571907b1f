import sanitizeHtml from 'sanitize-html';
import type {
  GeneralNotification,
  Language,
  NotificationCourseOption,
  StaffNotification,
  StaffNotificationInput,
  StaffNotificationPage,
} from '@academy/shared/contract';
import type { Clock } from '../../plugins/clock';
import type { CacheChanges } from '../../plugins/cache-changes';
import { createUserCache } from '../../plugins/user-cache';
import { sanitizeRichText } from '../../grading/lecture-kinds';
import { badRequest, forbidden, notFound } from '../../common/errors';
import { inReadersLanguage } from './academy';
import type { NotificationRepository, Viewer } from './repository';
import type { StaffEditor, StaffNotificationValues } from './staff-repository';

/** Whose bell, and the language they read it in. */
type Reader = Viewer & { language: Language };

/** How many published notifications the bell shows, and how many personal ones besides (each its own slot). */
export const BELL_SLOT = 50;
/** A title is plain text of at most this many characters. */
export const TITLE_MAX = 200;
/** A message is HTML of at most this many characters, as stored (after sanitizing). */
export const MESSAGE_MAX = 20_000;
/** The staff list's page when the caller names none. */
const STAFF_PAGE = 20;

/** An ISO date-time with its zone, as the publishing form sends it: the server never guesses a zone. */
const ISO_WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * The instant of an ISO date-time with its zone, or null. Every part must be a real one: `Date` rolls
 * 31 February over to March and 24:00 over to the next day, so the parts must read back unchanged.
 */
export function parseEndTime(value: string): Date | null {
  const match = ISO_WITH_ZONE.exec(value);
  if (!match) return null;
  // absent seconds and offset (Z) read as 0
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.slice(1).map((part) => Number(part ?? 0));
  if (offsetHours! > 23 || offsetMinutes! > 59) return null;
  const wall = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  const same =
    wall.getUTCFullYear() === year &&
    wall.getUTCMonth() === month! - 1 &&
    wall.getUTCDate() === day &&
    wall.getUTCHours() === hour &&
    wall.getUTCMinutes() === minute &&
    wall.getUTCSeconds() === second;
  const instant = new Date(value);
  return same && !Number.isNaN(instant.getTime()) ? instant : null;
}

/** The visible text of sanitized HTML (an empty message is one without any). */
function visibleText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
}

/** Only an address inside the academy is offered as the dialog's link (never another site, never `//host`). */
function internalLink(link: string | null): string | null {
  return link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}

/**
 * The notification rules: who sees what in the bell (its audience, not withdrawn), read marks, and
 * staff publishing. Messages are sanitized when stored and again when read (rows written before the
 * rules, or by hand); titles are plain text, escaped by the page.
 */
export function createNotificationService(clock: Clock, changes: CacheChanges, notifications: NotificationRepository) {
  /** Checks a publish or edit request and returns the columns to write; `storedEnd` is the end time before an edit. */
  async function checkInput(input: StaffNotificationInput, storedEnd: Date | null): Promise<StaffNotificationValues> {
    const title = input.title.replace(/\s+/g, ' ').trim();
    if (!title) throw badRequest('server.notificationTitleRequired');
    if (title.length > TITLE_MAX) throw badRequest('server.notificationTitleTooLong', { max: TITLE_MAX });
    const message = sanitizeRichText(input.message);
    if (!visibleText(message)) throw badRequest('server.notificationMessageRequired');
    if (message.length > MESSAGE_MAX) throw badRequest('server.notificationMessageTooLong', { max: MESSAGE_MAX });

    const { important } = input;
    let endTime: Date | null = null;
    if (input.endTime) {
      endTime = parseEndTime(input.endTime);
      if (!endTime) throw badRequest('server.notificationEndTimeInvalid');
      // an edit may keep an end time that has passed meanwhile; a new one must be ahead
      const unchanged = storedEnd !== null && storedEnd.getTime() === endTime.getTime();
      if (!unchanged && endTime.getTime() <= clock.now().getTime()) throw badRequest('server.notificationEndTimePast');
    }
    if (important && !endTime) throw badRequest('server.notificationImportantNeedsEnd');

    const { audience } = input;
    const values: StaffNotificationValues = {
      title,
      message,
      important,
      end_time: endTime,
      audience: audience.kind,
      audience_role: null,
      audience_direction: null,
      audience_course_id: null,
      user_id: null,
    };
    switch (audience.kind) {
      case 'ALL':
        break;
      case 'ROLE':
        if (!audience.role) throw badRequest('server.notificationAudienceRole');
        values.audience_role = audience.role;
        break;
      case 'DIRECTION':
        if (!audience.direction) throw badRequest('server.notificationAudienceDirection');
        values.audience_direction = audience.direction;
        break;
      case 'COURSE':
        if (!audience.courseId) throw badRequest('server.notificationAudienceCourse');
        if (!(await notifications.courseExists(audience.courseId)))
          throw badRequest('server.notificationNoCourse', { id: audience.courseId });
        values.audience_course_id = audience.courseId;
        break;
      case 'USER':
        if (!audience.userId) throw badRequest('server.notificationAudienceUser');
        if (!(await notifications.userExists(audience.userId)))
          throw badRequest('server.notificationNoUser', { id: audience.userId });
        values.user_id = audience.userId;
        break;
    }
    return values;
  }

  async function staffView(id: number): Promise<StaffNotification> {
    const found = await notifications.findStaff(id);
    if (!found) throw notFound('server.noNotification', { id });
    return found;
  }

  /**
   * Each user's bell, in their language, kept in process: forgotten when their notifications or read
   * marks change, when a notification to many is published, edited or withdrawn, when their enrolments
   * (course audiences: they write `notice` too, migration 0024) or their account (role, direction,
   * language) change (`cache_changes`, docs/architecture.md, "Caches"); not when they answer.
   */
  const bells = createUserCache<GeneralNotification[]>(changes, {
    kinds: ['notice', 'account'],
    everyone: ['notice'],
  });

  async function readBell(viewer: Reader): Promise<GeneralNotification[]> {
    const rows = await notifications.bellFor(viewer, BELL_SLOT);
    return rows.map((row) => {
      const { title, message } = inReadersLanguage(row, viewer.language);
      return {
        id: row.id,
        title,
        message: sanitizeRichText(message),
        dateTime: row.date_time.toISOString(),
        endTime: row.end_time ? row.end_time.toISOString() : null,
        show: Boolean(row.read),
        important: row.important,
        link: internalLink(row.link),
        kind: row.kind,
      };
    });
  }

  /** A published notification about to change: only its author or an administrator changes it (403 otherwise). */
  async function staffState(id: number, editor: { id: number; role: string }) {
    const state = await notifications.findStaffState(id);
    if (!state) throw notFound('server.noNotification', { id });
    const by: StaffEditor = { id: editor.id, anyAuthor: editor.role === 'ADMIN' };
    if (!by.anyAuthor && state.author_id !== editor.id) throw forbidden('server.notificationNotYours');
    return { state, by };
  }

  return {
    /**
     * The bell: the newest published notifications whose audience includes the viewer and the newest
     * personal ones, 50 of each at most, merged newest first, with their read state; the academy's
     * notices in the reader's language (a change of it changes the account: the cached bell goes).
     */
    async list(viewer: Reader): Promise<GeneralNotification[]> {
      return bells(viewer.id, () => readBell(viewer));
    },

    /** Marks a notification read; one the viewer may not see (another's, withdrawn, missing) is a 404. */
    async markRead(notificationId: number, viewer: Viewer): Promise<void> {
      if (!(await notifications.isVisibleTo(notificationId, viewer)))
        throw notFound('server.noNotification', { id: notificationId });
      await notifications.markRead(notificationId, viewer.id, clock.now());
    },

    /** Published notifications, newest first, a page at a time. */
    async staffList(query: { before?: number | undefined; limit?: number | undefined }): Promise<StaffNotificationPage> {
      const limit = query.limit ?? STAFF_PAGE;
      // one more than asked tells whether another page follows
      const rows = await notifications.staffPage(query.before, limit + 1);
      const items = rows.slice(0, limit);
      return { items, nextBefore: rows.length > limit ? items[items.length - 1]!.id : null };
    },

    async publish(authorId: number, input: StaffNotificationInput): Promise<StaffNotification> {
      const values = await checkInput(input, null);
      return staffView(await notifications.insertStaff(values, authorId, clock.now()));
    },

    /**
     * Edits a published notification (read marks stay), by its author or an administrator, recording
     * who and when; a withdrawn one cannot be edited.
     */
    async edit(id: number, input: StaffNotificationInput, editor: { id: number; role: string }): Promise<StaffNotification> {
      const { state, by } = await staffState(id, editor);
      if (state.withdrawn_at) throw badRequest('server.notificationWithdrawn');
      const values = await checkInput(input, state.end_time);
      // withdrawn between the read and the write: the conditional update finds nothing to change
      if (!(await notifications.updateStaff(id, values, by, clock.now()))) throw badRequest('server.notificationWithdrawn');
      return staffView(id);
    },

    /** Withdraws a published notification (its author or an administrator): gone from every bell, kept in the staff list. Idempotent. */
    async withdraw(id: number, editor: { id: number; role: string }): Promise<StaffNotification> {
      const { by } = await staffState(id, editor);
      await notifications.withdrawStaff(id, by, clock.now());
      return staffView(id);
    },

    courses: (): Promise<NotificationCourseOption[]> => notifications.courseOptions(),
  };
}
