/** Daily reports (spec 1 §3, spec 2 §2.9): the report calendar's calls and their limits. */
import { STAFF_VIEW_ROLES, type RoleName } from './index';

/**
 * Who reads the report calendar (`/user/report` and `GET /api/student/report`): staff (everyone's
 * reports) and users whose profile has isViewReport (spec 2 §2.1). The page and the server ask this one rule.
 */
export const mayViewReports = (user: { role: RoleName; isViewReport: boolean }): boolean =>
  STAFF_VIEW_ROLES.includes(user.role) || user.isViewReport;

/** A report as the list returns it (`GET /api/student/report`). */
export interface Report {
  id: number;
  studentId: number;
  firstName: string;
  lastName: string;
  text: string;
  countHours: number;
  /** dd.MM.yyyy */
  reportDate: string;
}

/** Body of `POST /api/student/report` (id null) and `PUT /api/student/report` (the report's id). */
export interface ReportInput {
  id: number | null;
  text: string;
  countHours: number;
  /** dd.MM.yyyy */
  reportDate: string;
}

/** Query of `GET /api/student/report`; dates dd.MM.yyyy, both ends included. */
export interface ReportSearch {
  onlySelf: boolean;
  query?: string;
  startDate: string;
  endDate: string;
}

/** The list's reply. */
export interface ReportList {
  entities: Report[];
}

/** Spec 1 §9: at most 24 hours a day, 200 characters, nothing before 2018. */
export const REPORT_MAX_HOURS = 24;
export const REPORT_MAX_TEXT = 200;
/** yyyy-mm-dd */
export const REPORT_EARLIEST_DAY = '2018-01-01';
/** The longest window one list call covers (a month of the carousel), in days. */
export const REPORT_MAX_WINDOW_DAYS = 31;
/** The search box's limit. */
export const REPORT_MAX_QUERY = 100;
/** Days of the calendar strip (spec 2 §9) and the length over which a card's text is faded. */
export const REPORT_WINDOW_DAYS = 5;
export const REPORT_PREVIEW_CHARS = 100;

/** `dd.MM.yyyy` to `yyyy-mm-dd`; null when it is not a day of the calendar. */
export function parseReportDate(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return null;
  const [, day, month, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) return null;
  return `${year}-${month}-${day}`;
}

/** `yyyy-mm-dd` to `dd.MM.yyyy`. */
export function formatReportDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

/** A `yyyy-mm-dd` day moved by some days. */
export function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}
