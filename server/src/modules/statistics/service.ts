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
      return statistics.streaks(studentId, zone, today(zone));
    },

    activityYear(studentId: number, zone: string): Promise<ActivityDay[]> {
      const { from, to } = activityWindow(today(zone));
      return statistics.activityByDay(studentId, zone, from, to);
    },

    topicsCount: (studentId: number) => statistics.masteredChapterCount(studentId),

    topicNames: (studentId: number) => statistics.masteredChapterNames(studentId),
  };
}
