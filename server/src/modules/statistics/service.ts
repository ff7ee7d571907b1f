import type { ActivityDay, DaysWithoutPause } from '@academy/shared/contract';
import type { Clock } from '../../plugins/clock';
import type { StatisticsRepository } from './repository';

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

/** Spec 2 §2.15: the heat map's window, from the first day of the month a year ago until today. */
export function activityWindow(today: string): { from: string; to: string } {
  const [year, month] = today.split('-');
  return { from: `${Number(year) - 1}-${month}-01`, to: today };
}

/** The statistics of a student (spec 2 §2.15), days counted in the caller's time zone. */
export function createStatisticsService(statistics: StatisticsRepository, clock: Clock) {
  const today = (zone: string) => dayInZone(clock.now(), zone);
  return {
    daysWithoutPause(studentId: number, zone: string): Promise<DaysWithoutPause> {
      const name = sqlZone(zone);
      return statistics.streaks(studentId, name, today(name));
    },

    activityYear(studentId: number, zone: string): Promise<ActivityDay[]> {
      const name = sqlZone(zone);
      const { from, to } = activityWindow(today(name));
      return statistics.activityByDay(studentId, name, from, to);
    },

    topicsCount: (studentId: number) => statistics.masteredChapterCount(studentId),

    topicNames: (studentId: number) => statistics.masteredChapterNames(studentId),
  };
}
