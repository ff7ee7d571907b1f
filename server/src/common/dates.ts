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

/** The calendar day of an instant in a time zone, `yyyy-mm-dd`. */
export function dayInZone(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(instant)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
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

/** `dd.MM.yyyy HH:mm` of an instant in a time zone (the reader's `zoneId`): the spec's date format. */
export function formatDateTime(date: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}
