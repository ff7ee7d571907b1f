import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CourseView } from '@academy/shared/contract';
import { progressPercent } from '@academy/shared/domain';
import { Alert, Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n/stats';
import type { LastCourse } from './statistics-api';

interface QueryState<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
}

/**
 * The current course card: the course the student worked on last (spec 2 §3, "Last course"), named
 * and with its progress from the course lists (the same cached calls as the course list page).
 */
export function CurrentCourseCard(props: {
  last: QueryState<LastCourse | null>;
  regular: QueryState<CourseView[]>;
  additional: QueryState<CourseView[]>;
  /** `?studentId=…` in view-as-student mode, so links keep the student */
  keep: string;
  own: boolean;
}) {
  const t = useT();
  const titleId = useId();
  const { last, regular, additional, keep } = props;
  const loading = last.isLoading || regular.isLoading || additional.isLoading;
  const isAdditional = Boolean(last.data && additional.data?.some((c) => c.id === last.data!.id));
  const view =
    last.data && (regular.data?.find((c) => c.id === last.data!.id) ?? additional.data?.find((c) => c.id === last.data!.id));
  let body;
  if (loading) {
    body = (
      <div className="stats-course" aria-hidden>
        <Skeleton className="stats-course__picture" height={90} />
        <div className="stats-course__body">
          <Skeleton width="70%" height={20} />
          <Skeleton height={8} />
          <Skeleton width={140} height={36} />
        </div>
      </div>
    );
  } else if (last.isError) {
    body = <Alert kind="danger">{t('stats.loadError')}</Alert>;
  } else if (!last.data) {
    body = (
      <div className="stats-course stats-course--none">
        <p>{t(props.own ? 'stats.noCourse' : 'stats.noCourseStudent')}</p>
        <Link className="btn btn--secondary" to={`/user/courses${keep}`}>
          {t('stats.chooseCourse')}
        </Link>
      </div>
    );
  } else {
    const course = last.data;
    const percent = view ? progressPercent(view.studentPoints, view.coursePoints) : null;
    const to = `/user/courses/${isAdditional ? 'additional/' : ''}${course.id}${keep}`;
    body = (
      <div className="stats-course">
        <img className="stats-course__picture" src={course.coursePicUrl} alt="" width={160} height={90} />
        <div className="stats-course__body">
          <h3 className="stats-course__name">{view?.name ?? t('stats.course')}</h3>
          {view && percent !== null && (
            <>
              <div
                className={`progress${percent === 100 ? ' progress--done' : ''}`}
                role="progressbar"
                aria-label={t('courses.progress', { percent })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div className="progress__bar" style={{ width: `${percent}%` }} />
              </div>
              <p className="stats-course__points">
                <strong>{percent}%</strong> · {t('courses.points', { student: view.studentPoints, course: view.coursePoints })}
              </p>
            </>
          )}
          <Link className="btn btn--primary stats-course__open" to={to}>
            {t('stats.courseOpen')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <section className="card stats-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="stats-card__title">
        {t('stats.course')}
      </h2>
      {body}
    </section>
  );
}
