import {
  addDays,
  formatReportDate,
  isBlankComment,
  mayViewReports as mayViewReportsRule,
  normalizeCommentText,
  parseReportDate,
  REPORT_EARLIEST_DAY,
  REPORT_MAX_HOURS,
  REPORT_MAX_TEXT,
  REPORT_MAX_WINDOW_DAYS,
  STAFF_VIEW_ROLES,
  type Report,
  type ReportInput,
} from '@academy/shared/contract';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { badRequest, forbidden, notFound } from '../../common/errors';
import { dayInZone } from '../../common/dates';
import type { ReportRepository, ReportScope, ReportValues } from './repository';

/** Rows one list call returns at most: a month of a large cohort, never the whole table. */
export const REPORT_LIST_LIMIT = 2000;

/** Staff read everyone's reports and write their own. */
const isStaff = (user: UserRow) => STAFF_VIEW_ROLES.includes(user.role);

/** The report page is open to staff and to users whose profile says isViewReport (spec 2 §2; one rule with the page). */
export const mayViewReports = (user: UserRow) => mayViewReportsRule({ role: user.role, isViewReport: user.is_view_report });

/** Whom the academy asks for a daily report: a paying student on UNTIL_PAID terms (spec 1 §2). */
const owesReports = (user: UserRow) => user.role === 'PAY_STUDENT' && user.payment_type === 'UNTIL_PAID';

/** Who may write reports: readers, and whoever the forced yesterday's-report modal asks. */
const mayWriteReports = (user: UserRow) => mayViewReports(user) || owesReports(user);

export interface ReportQuery {
  onlySelf: boolean;
  query?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** Daily reports: the list by who may see what, the author's writes, the yesterday rule. */
export function createReportService(reports: ReportRepository, clock: Clock) {
  /** A valid report's values, by the form's rules (spec 1 §5) with the day checked in the user's zone. */
  function values(input: ReportInput, zone: string): ReportValues {
    const hours = input.countHours;
    if (!Number.isFinite(hours) || hours < 0 || hours > REPORT_MAX_HOURS)
      throw badRequest('report.hours', { max: REPORT_MAX_HOURS });
    // as a comment's: bidi controls out (they could make the text read backwards to the whole direction),
    // and a text of zero-width and other invisible characters is no text
    const text = normalizeCommentText(input.text);
    if (isBlankComment(text)) throw badRequest('report.textRequired');
    if (text.length > REPORT_MAX_TEXT) throw badRequest('report.textTooLong', { max: REPORT_MAX_TEXT });
    const day = parseReportDate(input.reportDate);
    const today = dayInZone(clock.now(), zone);
    if (!day || day < REPORT_EARLIEST_DAY || day > today) {
      throw badRequest('report.badDate', { earliest: formatReportDate(REPORT_EARLIEST_DAY) });
    }
    return { day, hours: Math.round(hours * 100) / 100, text };
  }

  function checkWriter(user: UserRow): void {
    if (!mayWriteReports(user)) throw forbidden('report.closed');
  }

  return {
    /**
     * The reports of a window (at most a month). Only one's own with `onlySelf`; otherwise staff see
     * every report, a student the learners of their direction (the classmates whose profiles they may
     * see, spec 1 §6) and their own; without a direction, their own.
     */
    async list(user: UserRow, search: ReportQuery, zone: string): Promise<Report[]> {
      if (!mayViewReports(user)) throw forbidden('report.closed');
      const to = search.endDate ? parseReportDate(search.endDate) : dayInZone(clock.now(), zone);
      const from = search.startDate ? parseReportDate(search.startDate) : to && addDays(to, -(REPORT_MAX_WINDOW_DAYS - 1));
      if (!from || !to || from > to || addDays(from, REPORT_MAX_WINDOW_DAYS - 1) < to) {
        throw badRequest('report.badWindow', { max: REPORT_MAX_WINDOW_DAYS });
      }
      let scope: ReportScope = { kind: 'self', userId: user.id };
      if (!search.onlySelf && isStaff(user)) scope = { kind: 'all' };
      else if (!search.onlySelf && user.direction) scope = { kind: 'direction', userId: user.id, direction: user.direction };
      const query = search.query?.trim() || null;
      return reports.search({ scope, query, from, to, limit: REPORT_LIST_LIMIT });
    },

    async create(user: UserRow, input: ReportInput, zone: string): Promise<number> {
      checkWriter(user);
      const report = values(input, zone);
      const id = await reports.createReport(user.id, report);
      if (id === null) throw badRequest('report.exists', { date: formatReportDate(report.day) });
      return id;
    },

    /** Only the author changes a report (another user's: 403; none: 404). */
    async update(user: UserRow, input: ReportInput, zone: string): Promise<number> {
      checkWriter(user);
      if (input.id === null) throw notFound('report.notFound', { id: 'null' });
      const report = values(input, zone);
      const existing = await reports.findReport(input.id);
      if (!existing) throw notFound('report.notFound', { id: input.id });
      if (existing.user_id !== user.id) throw forbidden('report.ownOnly');
      const outcome = await reports.updateReport(input.id, user.id, report, clock.now());
      if (outcome === 'taken') throw badRequest('report.exists', { date: formatReportDate(report.day) });
      if (outcome === 'missing') throw notFound('report.notFound', { id: input.id });
      return input.id;
    },

    async remove(user: UserRow, id: number): Promise<boolean> {
      checkWriter(user);
      const existing = await reports.findReport(id);
      if (!existing) throw notFound('report.notFound', { id });
      if (existing.user_id !== user.id) throw forbidden('report.ownOnly');
      if (!(await reports.deleteReport(id, user.id))) throw notFound('report.notFound', { id });
      return true;
    },

    /**
     * Spec 1 §2: an UNTIL_PAID student who has no report for yesterday in their zone must write it
     * first. Someone who joined today owes nothing for yesterday. A read: nothing is written.
     */
    async requireCreateReport(user: UserRow, zone: string): Promise<boolean> {
      if (!owesReports(user)) return false;
      const today = dayInZone(clock.now(), zone);
      if (dayInZone(new Date(user.created_at), zone) >= today) return false;
      return !(await reports.hasReportOn(user.id, addDays(today, -1)));
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
