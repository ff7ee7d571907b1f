import type { ActivityDay, DaysWithoutPause } from '@academy/shared/contract';
import type { Clock } from '../../plugins/clock';
import { badRequest } from '../../common/errors';
import type { Subject } from '../../plugins/subject';
import { ACADEMY_ZONE, dayInZone, sqlZone } from '../../common/dates';
import type { StatisticsRepository } from './repository';

/** The zone a student's days are counted in, and whether it is the caller's own (the `zoneId` header). */
export interface DaysZone {
  name: string;
  fromCaller: boolean;
}

/**
 * Whose zone the days are counted in (docs/courses.md, "Statistics"): the student's own calls, the caller's (their
 * own browser's); a view-as read, the student's zone as stored at their last sign-in, or the academy's
 * while unknown, never the viewer's: days of one student seen from zones of the viewer's choice could be
 * differenced into the hour of every answer.
 */
export function daysZone(subject: Subject, callerZone: string): DaysZone {
  if (!subject.fake) return { name: callerZone, fromCaller: true };
  return { name: subject.student.time_zone ?? ACADEMY_ZONE, fromCaller: false };
}

/**
 * A zone PostgreSQL does not know, though ICU does (its data may be older: `US/Pacific-New`): the
 * "time zone not recognized" error, SQLSTATE 22023 (invalid parameter value), or ICU's RangeError.
 */
function isUnknownZone(error: unknown): boolean {
  if (error instanceof RangeError) return true;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === '22023' &&
    /time zone/i.test(String((error as { message?: unknown }).message))
  );
}

/** Spec 2 §2.15: the heat map's window, from the first day of the month a year ago until today. */
export function activityWindow(today: string): { from: string; to: string } {
  const [year, month] = today.split('-');
  return { from: `${Number(year) - 1}-${month}-01`, to: today };
}

/** The statistics of a student (spec 2 §2.15), days counted in the zone `daysZone` chose. */
export function createStatisticsService(statistics: StatisticsRepository, clock: Clock) {
  const today = (zone: string) => dayInZone(clock.now(), zone);

  /**
   * Reads in the zone (its SQL name, and today's date there). A zone the database does not know is
   * the caller's mistake when they sent it (a 400); a stored one falls back to the academy's zone.
   */
  async function inZone<T>(zone: DaysZone, read: (name: string, today: string) => Promise<T>): Promise<T> {
    try {
      const name = sqlZone(zone.name);
      return await read(name, today(name));
    } catch (error) {
      if (!isUnknownZone(error)) throw error;
      if (zone.fromCaller) throw badRequest('server.badZone', { zone: zone.name });
      return read(ACADEMY_ZONE, today(ACADEMY_ZONE));
    }
  }

  return {
    daysWithoutPause(studentId: number, zone: DaysZone): Promise<DaysWithoutPause> {
      return inZone(zone, (name, day) => statistics.streaks(studentId, name, day));
    },

    activityYear(studentId: number, zone: DaysZone): Promise<ActivityDay[]> {
      return inZone(zone, (name, day) => {
        const { from, to } = activityWindow(day);
        return statistics.activityByDay(studentId, name, from, to);
      });
    },

    topicsCount: (studentId: number) => statistics.masteredChapterCount(studentId),

    topicNames: (studentId: number) => statistics.masteredChapterNames(studentId),
  };
}
