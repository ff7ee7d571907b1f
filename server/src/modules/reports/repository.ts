import { sql, type Kysely } from 'kysely';
import type { Direction, Report } from '@academy/shared/contract';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';

/** Whose reports a list reads: one user's, the learners of a direction (and the caller's own), everyone's. */
export type ReportScope =
  { kind: 'self'; userId: number } | { kind: 'direction'; userId: number; direction: Direction } | { kind: 'all' };

export interface ReportSearchRows {
  scope: ReportScope;
  /** a student's name or a word of the text; already trimmed, null for none */
  query: string | null;
  /** yyyy-mm-dd, both included */
  from: string;
  to: string;
  limit: number;
}

export interface ReportValues {
  day: string;
  hours: number;
  text: string;
}

/** `%`, `_` and `\` of a user's text match themselves in a LIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every query of the reports area. */
export function createReportRepository(db: Kysely<Database>) {
  return {
    /** Reports of a window, by day then name; `reports_day_idx` bounds the read to the window. */
    async search({ scope, query, from, to, limit }: ReportSearchRows): Promise<Report[]> {
      let select = db
        .selectFrom('reports as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select([
          'r.id',
          'r.user_id as studentId',
          'u.first_name as firstName',
          'u.last_name as lastName',
          'r.text',
          sql<number>`r.hours::float8`.as('countHours'),
          sql<string>`to_char(r.report_date, 'DD.MM.YYYY')`.as('reportDate'),
        ])
        .where('r.report_date', '>=', from)
        .where('r.report_date', '<=', to);
      if (scope.kind === 'self') select = select.where('r.user_id', '=', scope.userId);
      if (scope.kind === 'direction') {
        select = select.where((eb) =>
          eb.or([
            eb('r.user_id', '=', scope.userId),
            eb.and([eb('u.direction', '=', scope.direction), eb('u.role', 'in', ['PAY_STUDENT', 'STUDENT'])]),
          ]),
        );
      }
      if (query) {
        const pattern = likePattern(query);
        select = select.where((eb) =>
          eb.or([
            eb(sql`u.first_name || ' ' || u.last_name`, 'ilike', pattern),
            eb(sql`u.last_name || ' ' || u.first_name`, 'ilike', pattern),
            eb('r.text', 'ilike', pattern),
          ]),
        );
      }
      return select
        .orderBy('r.report_date')
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('r.id')
        .limit(limit)
        .execute();
    },

    findReport(id: number) {
      return db.selectFrom('reports').select(['id', 'user_id', 'report_date']).where('id', '=', id).executeTakeFirst();
    },

    /** A new report; null when the user already has one for that day (the unique index decides, also in parallel). */
    async createReport(userId: number, values: ReportValues): Promise<number | null> {
      const row = await db
        .insertInto('reports')
        .values({ user_id: userId, report_date: values.day, hours: values.hours, text: values.text })
        .onConflict((oc) => oc.columns(['user_id', 'report_date']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** The author's report changed; 'taken' when its new day already has another report of theirs. */
    async updateReport(id: number, userId: number, values: ReportValues, now: Date): Promise<'updated' | 'missing' | 'taken'> {
      try {
        const result = await db
          .updateTable('reports')
          .set({ report_date: values.day, hours: values.hours, text: values.text, updated_at: now })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n ? 'updated' : 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Deletes the author's report; false when there was none. */
    async deleteReport(id: number, userId: number): Promise<boolean> {
      const result = await db.deleteFrom('reports').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Whether the user has a report for a day (the unique index answers). */
    async hasReportOn(userId: number, day: string): Promise<boolean> {
      const row = await db
        .selectFrom('reports')
        .select('id')
        .where('user_id', '=', userId)
        .where('report_date', '=', day)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
