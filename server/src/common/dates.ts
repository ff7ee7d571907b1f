// Dates and time zones: the academy's zone, a zone's canonical name, a day or a date in a zone, and a
// zone as PostgreSQL reads it. Plain functions every layer uses.

/** The academy's own zone: a student's days when their own zone is unknown (docs/courses.md, "Statistics"). */
export const ACADEMY_ZONE = 'Europe/Moscow';

const canonical = new Map<string, string | null>();

/**
 * The canonical name of a time zone, or null when it is none. ICU accepts aliases and any case
 * (`US/Pacific-New`, `europe/moscow`) that the database may not know; their canonical names
 * (`America/Los_Angeles`, `Europe/Moscow`) it does.
 */
export function canonicalZone(zone: string): string | null {
  let name = canonical.get(zone);
  if (name === undefined) {
    try {
      name = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      name = null;
    }
    if (canonical.size < 1000) canonical.set(zone, name);
  }
  return name;
}

/**
 * One formatter per zone and format, made on first use: making an `Intl.DateTimeFormat` costs tens of
 * microseconds, using one a few (a thread of a hundred comments formats a hundred dates). At most 1,000
 * zones are kept, as above; a zone past them gets a formatter of its own each time.
 */
function formatterIn(kept: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions, locale: string) {
  let formatter = kept.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    if (kept.size < 1000) kept.set(zone, formatter);
  }
  return formatter;
}

/** The parts of a formatted instant by type (`day`, `month`, …). */
function partsOf(formatter: Intl.DateTimeFormat, instant: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** The calendar day of an instant in a time zone, `yyyy-mm-dd`. */
export function dayInZone(instant: Date, zone: string): string {
  const parts = partsOf(formatterIn(dayFormatters, zone, DAY, 'en-US'), instant);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The zone's name as PostgreSQL reads it the same way JavaScript does. Browsers send IANA names; an
 * offset (`+03:00`, which newer engines accept) means the opposite to PostgreSQL (POSIX signs), so a
 * whole-hour offset becomes its `Etc/GMT` name and any other falls back to UTC.
 */
export function sqlZone(zone: string): string {
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!offset) return zone;
  const [, sign, hours, minutes] = offset;
  if (minutes !== '00' || Number(hours) === 0) return 'UTC';
  return `Etc/GMT${sign === '+' ? '-' : '+'}${Number(hours)}`;
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();
const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** `dd.MM.yyyy HH:mm` of an instant in a time zone (the reader's `zoneId`): the spec's date format. */
export function formatDateTime(date: Date, zone: string): string {
  const parts = partsOf(formatterIn(dateTimeFormatters, zone, DATE_TIME, 'en-GB'), date);
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}
