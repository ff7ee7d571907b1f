import { type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Direction, RoleName } from '@academy/shared/contract';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, NotificationsTable } from '../../db/schema';
import { createStaffNotificationRepository } from './staff-repository';

/** Whose bell: the audience rules read the user's id, role, direction (and enrolments). */
export interface Viewer {
  id: number;
  role: RoleName;
  direction: Direction | null;
}

/** A notification of the bell as read from the database (the service shapes the reply). */
export interface BellRow {
  id: number;
  title: string;
  message: string;
  date_time: Date;
  end_time: Date | null;
  important: boolean;
  link: string | null;
  kind: Selectable<NotificationsTable>['kind'];
  read: SqlBool;
  /** an academy notice's keys and values (rendered in the reader's language), else null */
  title_key: string | null;
  message_key: string | null;
  text_values: Record<string, string> | null;
}

/** Where a verdict notice leads: the task page of the student whose answer was judged. */
export interface VerdictTarget {
  student_id: number;
  title: string;
  course_id: number;
  course_kind: string;
  module_position: number;
  chapter_position: number;
  task_position: number;
}

type NotificationsScope = ExpressionBuilder<Database, 'notifications'>;

/**
 * Not withdrawn, and published to everyone, the viewer's role or direction, or a course they are enrolled
 * in. A viewer without a direction matches no direction's notice (`= null` is never true): one statement
 * for every viewer.
 */
function publishedTo(eb: NotificationsScope, viewer: Viewer) {
  return eb.and([
    eb('notifications.withdrawn_at', 'is', null),
    eb('notifications.audience', '<>', 'USER'),
    eb.or([
      eb('notifications.audience', '=', 'ALL'),
      eb.and([eb('notifications.audience', '=', 'ROLE'), eb('notifications.audience_role', '=', viewer.role)]),
      eb.and([
        eb('notifications.audience', '=', 'COURSE'),
        eb.exists(
          eb
            .selectFrom('enrollments')
            .select('enrollments.course_id')
            .whereRef('enrollments.course_id', '=', 'notifications.audience_course_id')
            .where('enrollments.student_id', '=', viewer.id),
        ),
      ]),
      eb.and([eb('notifications.audience', '=', 'DIRECTION'), eb('notifications.audience_direction', '=', viewer.direction)]),
    ]),
  ]);
}

/** Addressed to the viewer alone, and not withdrawn. */
function personalTo(eb: NotificationsScope, viewer: Viewer) {
  return eb.and([eb('notifications.user_id', '=', viewer.id), eb('notifications.withdrawn_at', 'is', null)]);
}

/** The bell's columns, the viewer's read mark with them. */
const bellColumns = (eb: NotificationsScope, viewer: Viewer) =>
  [
    'notifications.id',
    'notifications.title',
    'notifications.message',
    'notifications.date_time',
    'notifications.end_time',
    'notifications.important',
    'notifications.link',
    'notifications.kind',
    'notifications.title_key',
    'notifications.message_key',
    'notifications.text_values',
    eb
      .exists(
        eb
          .selectFrom('notification_reads as r')
          .select('r.user_id')
          .whereRef('r.notification_id', '=', 'notifications.id')
          .where('r.user_id', '=', viewer.id),
      )
      .as('read'),
  ] as const;

/**
 * The bell's statement: the newest `perSlot` published notifications the viewer may see and the newest
 * `perSlot` personal ones, both in one query (one round trip: PGlite runs one query at a time). Built
 * once, as the bell is read on every page.
 */
const bellStatement = compiledOnce((db, { perSlot, ...viewer }: Viewer & { perSlot: number }) => {
  /** The newest `perSlot` notifications of one slot, with the viewer's read mark. */
  const newest = (slot: typeof personalTo) =>
    db
      .selectFrom('notifications')
      .select((eb) => bellColumns(eb, viewer))
      .where((eb) => slot(eb, viewer))
      .orderBy('notifications.date_time', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(perSlot);
  return db
    .selectFrom(newest(personalTo).as('personal'))
    .selectAll()
    .unionAll(db.selectFrom(newest(publishedTo).as('published')).selectAll());
});

/** Every query of the notifications area: the bell, the read marks, the academy's notices, staff publishing (its own file). */
export function createNotificationRepository(db: Kysely<Database>) {
  return {
    ...createStaffNotificationRepository(db),
    /**
     * The bell: the newest `perSlot` published notifications the viewer may see and the newest `perSlot`
     * personal ones, with their read state, merged newest first (at most twice `perSlot`). Each is read
     * apart on its own index, and neither slot can push the other out: a flood of personal notices
     * (answers to one's comments) never hides a staff notice.
     */
    async bellFor(viewer: Viewer, perSlot: number): Promise<BellRow[]> {
      const rows = await bellStatement(db, { id: viewer.id, role: viewer.role, direction: viewer.direction, perSlot });
      return rows.sort((a, b) => b.date_time.getTime() - a.date_time.getTime() || b.id - a.id);
    },

    /** Whether the viewer may see the notification now (its audience includes them, not withdrawn). */
    async isVisibleTo(notificationId: number, viewer: Viewer): Promise<boolean> {
      const row = await db
        .selectFrom('notifications')
        .select('notifications.id')
        .where('notifications.id', '=', notificationId)
        .where((eb) => eb.or([personalTo(eb, viewer), publishedTo(eb, viewer)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks read once: a second mark, or a parallel one, changes nothing. */
    async markRead(notificationId: number, userId: number, now: Date): Promise<void> {
      await db
        .insertInto('notification_reads')
        .values({ notification_id: notificationId, user_id: userId, read_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** The student, task and task page address parts of a task state (a verdict notice's link). */
    verdictTarget(stateId: number): Promise<VerdictTarget | undefined> {
      return db
        .selectFrom('student_tasks as st')
        .innerJoin('course_tasks as t', 't.id', 'st.task_id')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .innerJoin('courses as c', 'c.id', 'm.course_id')
        .select([
          'st.student_id',
          't.title',
          'c.id as course_id',
          'c.kind as course_kind',
          'm.position as module_position',
          'ch.position as chapter_position',
          't.position as task_position',
        ])
        .where('st.id', '=', stateId)
        .executeTakeFirst();
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
