import type { App } from '../../common/types';
import { COURSE_AREA_ROLES, VIEW_AS_ROLES } from '../../plugins/subject';
import { createStatisticsRepository } from './repository';
import { ActivityYear, DaysWithoutPause, TopicNames, TopicsCount } from './schemas';
import { createStatisticsService, daysZone } from './service';

const tags = ['statistics'];

/**
 * The statistics page (spec 2 §2.15, §7): the own calls under /api/student/profile, their
 * view-as-student twins under /api/fake/profile (staff for anyone, a classmate of the direction).
 */
export default async function statisticsModule(app: App): Promise<void> {
  const statistics = createStatisticsService(createStatisticsRepository(app.db), app.clock);
  const twin = (path: string) => ({
    own: `/api/student/profile${path}`,
    fake: `/api/fake/profile${path}`,
    ownRoles: COURSE_AREA_ROLES,
    fakeRoles: VIEW_AS_ROLES,
    tags,
  });

  app.studentRoute({
    method: 'GET',
    ...twin('/day_without_pause'),
    summary: 'Days without a break: the current run and the longest (own: the caller’s days; view-as: the student’s)',
    response: DaysWithoutPause,
    handler: (subject, { request }) => statistics.daysWithoutPause(subject.student.id, daysZone(subject, request.zoneId)),
  });
  app.studentRoute({
    method: 'GET',
    ...twin('/solution-activity-year'),
    summary: 'Activity per day from the first day of the month a year ago until today (days with some)',
    response: ActivityYear,
    handler: (subject, { request }) => statistics.activityYear(subject.student.id, daysZone(subject, request.zoneId)),
  });
  app.studentRoute({
    method: 'GET',
    ...twin('/topics-count'),
    summary: 'How many topics (chapters) the student mastered',
    response: TopicsCount,
    handler: (subject) => statistics.topicsCount(subject.student.id),
  });
  app.studentRoute({
    method: 'GET',
    ...twin('/topics-names'),
    summary: 'The names of the topics (chapters) the student mastered, in course order',
    response: TopicNames,
    handler: (subject) => statistics.topicNames(subject.student.id),
  });
}
