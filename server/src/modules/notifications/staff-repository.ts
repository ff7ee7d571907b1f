import { sql, type Kysely } from 'kysely';
import type { Direction, NotificationCourseOption, RoleName, StaffNotification } from '@academy/shared/contract';
import type { Database } from '../../db/schema';

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

/** The number of users a published notification reaches (blocked accounts cannot sign in: not counted). */
const audienceSize = sql<number>`case n.audience
  when 'ALL' then (select cast(count(*) as integer) from users x where not x.blocked)
  when 'ROLE' then (select cast(count(*) as integer) from users x where x.role = n.audience_role and not x.blocked)
  when 'DIRECTION' then (select cast(count(*) as integer) from users x where x.direction = n.audience_direction and not x.blocked)
  when 'COURSE' then (select cast(count(*) as integer) from enrollments e join users x on x.id = e.student_id
                       where e.course_id = n.audience_course_id and not x.blocked)
  else 1 end`;

/** Who changes a published notification: its author, or an administrator (`anyAuthor`). */
export interface StaffEditor {
  id: number;
  anyAuthor: boolean;
}

/** Staff publishing's queries: the staff list, publishing, edits and withdrawals by their author or an administrator. */
export function createStaffNotificationRepository(db: Kysely<Database>) {
  function staffSelect() {
    return db
      .selectFrom('notifications as n')
      .leftJoin('users as a', 'a.id', 'n.author_id')
      .leftJoin('users as e', 'e.id', 'n.edited_by')
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
        'n.edited_by',
        'e.first_name as editor_first',
        'e.last_name as editor_last',
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
    editedBy:
      row.edited_by !== null && row.editor_first !== null
        ? { id: row.edited_by, name: `${row.editor_first} ${row.editor_last ?? ''}`.trim() }
        : null,
    readCount: Number(row.read_count ?? 0),
    audienceSize: Number(row.audience_size),
  });

  return {
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
        .select(['id', 'end_time', 'withdrawn_at', 'author_id'])
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

    /**
     * Rewrites a published notification as `editor` unless it was withdrawn meanwhile; `authorId`: only
     * while that is its author (null: an administrator, anyone's). False when nothing changed.
     */
    async updateStaff(id: number, values: StaffNotificationValues, editor: StaffEditor, now: Date): Promise<boolean> {
      let update = db
        .updateTable('notifications')
        .set({ ...values, updated_at: now, edited_by: editor.id })
        .where('id', '=', id)
        .where('kind', '=', 'STAFF')
        .where('withdrawn_at', 'is', null);
      if (!editor.anyAuthor) update = update.where('author_id', '=', editor.id);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Withdraws once as `editor` (the author, or an administrator): the first withdrawal's time stays. */
    async withdrawStaff(id: number, editor: StaffEditor, now: Date): Promise<void> {
      let update = db
        .updateTable('notifications')
        .set({ withdrawn_at: now })
        .where('id', '=', id)
        .where('kind', '=', 'STAFF')
        .where('withdrawn_at', 'is', null);
      if (!editor.anyAuthor) update = update.where('author_id', '=', editor.id);
      await update.execute();
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
  };
}
