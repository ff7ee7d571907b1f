import { useId } from 'react';
import { Link } from 'react-router-dom';
import { usePageStatus } from '@academy/shared/api';
import type { ActivityDay } from '@academy/shared/contract';
import { Skeleton, useDocumentTitle, usePrerenderedHandoff } from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import { useGetStudentAdditionalCourseViewsQuery, useGetStudentCourseViewsQuery } from '../../api/courses-api';
import { useToday } from '@academy/shared/i18n';
import { useT } from '../../i18n/stats';
import { CurrentCourseCard } from './current-course';
import { HeatMap } from './heat-map';
import { StreakFigures, TopicsFigure } from './stat-figures';
import {
  useGetStudentActivityYearQuery,
  useGetStudentDaysWithoutPauseQuery,
  useGetStudentLastCourseQuery,
  useGetStudentTopicsCountQuery,
} from './statistics-api';
import './statistics.css';

function ActivitySection({
  query,
  own,
  keep,
}: {
  query: { data?: ActivityDay[]; isError: boolean };
  own: boolean;
  keep: string;
}) {
  const t = useT();
  const titleId = useId();
  const today = useToday();
  return (
    <section className="card stats-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="stats-card__title">
        {t('stats.activity')}
      </h2>
      <QueryState
        query={query}
        skeleton={<Skeleton height={150} />}
        error={t('stats.loadError')}
        empty={
          <div className="stats-empty">
            <svg className="stats-empty__picture" viewBox="0 0 120 48" width={120} height={48} aria-hidden="true">
              {Array.from({ length: 21 }, (_, i) => (
                <rect
                  key={i}
                  x={(i % 7) * 17}
                  y={Math.floor(i / 7) * 17}
                  width={13}
                  height={13}
                  rx={3}
                  className={`heat-map__cell heat-map__cell--${i === 16 ? 2 : 0}`}
                />
              ))}
            </svg>
            <p className="stats-empty__title">{t(own ? 'stats.emptyTitle' : 'stats.emptyStudent')}</p>
            {own && <p className="stats-empty__text">{t('stats.emptyText')}</p>}
            <Link className="btn btn--primary" to={`/user/courses${keep}`}>
              {t('stats.emptyLink')}
            </Link>
          </div>
        }
      >
        {(activity) => <HeatMap activity={activity} today={today} />}
      </QueryState>
    </section>
  );
}

/**
 * /user/statistic (spec 2 §2.15): days without a break, topics mastered, the current course and the
 * yearly heat map, each from its own call, all asked at once; in view-as-student mode every call is
 * the view-as twin and every link keeps the student.
 */
export function StatisticsPage() {
  const t = useT();
  const { status, studentId } = usePageStatus();
  const fake = status === 'FAKE' ? studentId : null;
  const own = fake === null;
  useDocumentTitle(t(own ? 'stats.title' : 'stats.studentTitle'));
  const keep = fake === null ? '' : `?studentId=${fake}`;
  const options = { skip: status === 'NOT_READY' };
  const arg = { studentId: fake };
  const streaks = useGetStudentDaysWithoutPauseQuery(arg, options);
  const topics = useGetStudentTopicsCountQuery(arg, options);
  const activity = useGetStudentActivityYearQuery(arg, options);
  const last = useGetStudentLastCourseQuery(arg, options);
  const regular = useGetStudentCourseViewsQuery(arg, options);
  const additional = useGetStudentAdditionalCourseViewsQuery(arg, options);
  const pending = status === 'NOT_READY';
  // the page the server rendered with these figures stays until every one of them is here
  const settled = (query: { isSuccess: boolean; isError: boolean }) => query.isSuccess || query.isError;
  usePrerenderedHandoff(!pending && [streaks, topics, activity, last, regular, additional].every(settled));
  const loading = <T,>(query: { data?: T; isLoading: boolean; isError: boolean }) => ({
    data: query.data,
    isLoading: pending || query.isLoading,
    isError: query.isError,
  });
  return (
    <div className="stats-page">
      <h1 className="page-title">{t(own ? 'stats.title' : 'stats.studentTitle')}</h1>
      <div className="stats-figures">
        <StreakFigures query={loading(streaks)} own={own} />
        <TopicsFigure query={loading(topics)} studentId={fake} />
      </div>
      <CurrentCourseCard last={loading(last)} regular={loading(regular)} additional={loading(additional)} keep={keep} own={own} />
      <ActivitySection query={loading(activity)} own={own} keep={keep} />
    </div>
  );
}
