import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Direction, NotificationCourseOption, RoleName, StaffNotification } from '@academy/shared/contract';
import type { Database, NotificationsTable } from '../../db/schema';

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
}

/** The columns a published notification is written with (the service has checked them). */
export interface StaffNotificationValues {
  title: string;
  message: string;
  important: boolean;
  end_time: Date | null;
  audience: StaffNotification['audience']['kind'];
  audience_role: RoleName | null;
  audience_direction: Direction | null;
  audience_course_id: number | null;
  user_id: number | null;
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

/** Not withdrawn, and published to everyone, the viewer's role or direction, or a course they are enrolled in. */
function publishedTo(eb: NotificationsScope, viewer: Viewer) {
  const audiences = [
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
  ];
  if (viewer.direction)
    audiences.push(
      eb.and([eb('notifications.audience', '=', 'DIRECTION'), eb('notifications.audience_direction', '=', viewer.direction)]),
    );
  return eb.and([eb('notifications.withdrawn_at', 'is', null), eb('notifications.audience', '<>', 'USER'), eb.or(audiences)]);
}

/** Addressed to the viewer alone, and not withdrawn. */
function personalTo(eb: NotificationsScope, viewer: Viewer) {
  return eb.and([eb('notifications.user_id', '=', viewer.id), eb('notifications.withdrawn_at', 'is', null)]);
}

/** The number of users a published notification reaches (blocked accounts cannot sign in: not counted). */
const audienceSize = sql<number>`case n.audience
  when 'ALL' then (select cast(count(*) as integer) from users x where not x.blocked)
  when 'ROLE' then (select cast(count(*) as integer) from users x where x.role = n.audience_role and not x.blocked)
  when 'DIRECTION' then (select cast(count(*) as integer) from users x where x.direction = n.audience_direction and not x.blocked)
  when 'COURSE' then (select cast(count(*) as integer) from enrollments e join users x on x.id = e.student_id
                       where e.course_id = n.audience_course_id and not x.blocked)
  else 1 end`;

/** Every query of the notifications area: the bell, the read marks, staff publishing, the academy's notices. */
export function createNotificationRepository(db: Kysely<Database>) {
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

  function staffSelect() {
    return db
      .selectFrom('notifications as n')
      .leftJoin('users as a', 'a.id', 'n.author_id')
      .leftJoin('users as u', 'u.id', 'n.user_id')
      .leftJoin('courses as c', 'c.id', 'n.audience_course_id')
      .select((eb) => [
        'n.id',
        'n.title',
        'n.message',
        'n.important',
        'n.date_time',
        'n.end_time',
        'n.updated_at',
        'n.withdrawn_at',
        'n.audience',
        'n.audience_role',
        'n.audience_direction',
        'n.audience_course_id',
        'n.user_id',
        'n.author_id',
        'a.first_name as author_first',
        'a.last_name as author_last',
        'u.first_name as user_first',
        'u.last_name as user_last',
        'c.name as course_name',
        eb
          .selectFrom('notification_reads as r')
          .select(sql<number>`cast(count(*) as integer)`.as('n'))
          .whereRef('r.notification_id', '=', 'n.id')
          .as('read_count'),
        audienceSize.as('audience_size'),
      ])
      .where('n.kind', '=', 'STAFF');
  }

  type StaffRow = Awaited<ReturnType<ReturnType<typeof staffSelect>['execute']>>[number];

  const toStaff = (row: StaffRow): StaffNotification => ({
    id: row.id,
    title: row.title,
    message: row.message,
    important: row.important,
    dateTime: row.date_time.toISOString(),
    endTime: row.end_time ? row.end_time.toISOString() : null,
    updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
    withdrawnAt: row.withdrawn_at ? row.withdrawn_at.toISOString() : null,
    audience: {
      kind: row.audience,
      role: row.audience_role,
      direction: row.audience_direction,
      courseId: row.audience_course_id,
      userId: row.user_id,
      name:
        row.audience === 'COURSE'
          ? row.course_name
          : row.audience === 'USER' && row.user_first !== null
            ? `${row.user_first} ${row.user_last ?? ''}`.trim()
            : null,
    },
    author:
      row.author_id !== null && row.author_first !== null
        ? { id: row.author_id, name: `${row.author_first} ${row.author_last ?? ''}`.trim() }
        : null,
    readCount: Number(row.read_count ?? 0),
    audienceSize: Number(row.audience_size),
  });

  return {
    /**
     * The bell: the newest `perSlot` published notifications the viewer may see and the newest `perSlot`
     * personal ones, with their read state, merged newest first (at most twice `perSlot`). Each is read
     * apart on its own index, and neither slot can push the other out: a flood of personal notices
     * (answers to one's comments) never hides a staff notice.
     */
    async bellFor(viewer: Viewer, perSlot: number): Promise<BellRow[]> {
      // both slots in one query (one round trip: PGlite runs one query at a time)
      const personal = db
        .selectFrom('notifications')
        .select((eb) => bellColumns(eb, viewer))
        .where((eb) => personalTo(eb, viewer))
        .orderBy('notifications.date_time', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(perSlot);
      const published = db
        .selectFrom('notifications')
        .select((eb) => bellColumns(eb, viewer))
        .where((eb) => publishedTo(eb, viewer))
        .orderBy('notifications.date_time', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(perSlot);
      const rows = await db
        .selectFrom(personal.as('personal'))
        .selectAll()
        .unionAll(db.selectFrom(published.as('published')).selectAll())
        .execute();
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

    /** Published notifications, newest first: `limit` after the one `before` (keyset, as deep pages cost the same). */
    async staffPage(before: number | undefined, limit: number): Promise<StaffNotification[]> {
      let query = staffSelect();
      if (before !== undefined)
        query = query.where(
          sql<boolean>`(n.date_time, n.id) < (select p.date_time, p.id from notifications p where p.id = ${before})`,
        );
      const rows = await query.orderBy('n.date_time', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
      return rows.map(toStaff);
    },

    /** One published notification as the staff list shows it. */
    async findStaff(id: number): Promise<StaffNotification | undefined> {
      const row = await staffSelect().where('n.id', '=', id).executeTakeFirst();
      return row ? toStaff(row) : undefined;
    },

    /** The state of a published notification before an edit or a withdrawal. */
    findStaffState(id: number) {
      return db
        .selectFrom('notifications')
        .select(['id', 'end_time', 'withdrawn_at'])
        .where('id', '=', id)
        .where('kind', '=', 'STAFF')
        .executeTakeFirst();
    },

    async insertStaff(values: StaffNotificationValues, authorId: number, now: Date): Promise<number> {
      const row = await db
        .insertInto('notifications')
        .values({ ...values, kind: 'STAFF', author_id: authorId, date_time: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Rewrites a published notification unless it was withdrawn meanwhile; false when nothing changed. */
    async updateStaff(id: number, values: StaffNotificationValues, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('notifications')
        .set({ ...values, updated_at: now })
        .where('id', '=', id)
        .where('kind', '=', 'STAFF')
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Withdraws once: the first withdrawal's time stays. */
    async withdrawStaff(id: number, now: Date): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ withdrawn_at: now })
        .where('id', '=', id)
        .where('kind', '=', 'STAFF')
        .where('withdrawn_at', 'is', null)
        .execute();
    },

    async courseExists(id: number): Promise<boolean> {
      return (await db.selectFrom('courses').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async userExists(id: number): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /** Every course, for the publishing form: by direction, then as the catalogue orders them. */
    courseOptions(): Promise<NotificationCourseOption[]> {
      return db
        .selectFrom('courses')
        .select(['id', 'name', 'direction'])
        .orderBy('direction')
        .orderBy('position')
        .orderBy('id')
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
