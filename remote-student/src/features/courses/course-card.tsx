import { Link } from 'react-router-dom';
import type { CourseView } from '@academy/shared/contract';
import { progressPercent } from '@academy/shared/domain';
import { useT } from '../../i18n';
import { AlertIcon } from '@academy/shared/ui';
import { loadCoursePage } from './load-course-page';

const prefetch = () => void loadCoursePage();

/** A course card: picture, name, progress (green at 100), availability, the full-pass warning. */
/** `first`: the page's first card, whose picture is the largest thing the page paints first (fetched at once, early). */
export function CourseCard({
  course,
  to,
  keep,
  first = false,
}: {
  course: CourseView;
  to: string;
  /** the view-as-student query the card's links keep */
  keep: string;
  first?: boolean;
}) {
  const t = useT();
  const next = course.available ? course.next : null;
  const percent = progressPercent(course.studentPoints, course.coursePoints);
  const done = percent === 100;
  return (
    <li className="course-card card">
      <img
        className="course-card__picture"
        src={course.coursePicUrl}
        alt=""
        width={320}
        height={180}
        {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      />
      <div className="course-card__body">
        <h3 className="course-card__title">
          {/* the course page's code comes while the reader is about to open it */}
          <Link
            to={`${to}${keep}`}
            className="course-card__link"
            onPointerEnter={prefetch}
            onFocus={prefetch}
            onTouchStart={prefetch}
          >
            {course.name}
          </Link>
        </h3>
        <span className={`chip${course.available || done ? ' chip--success' : ''}`}>
          {done ? t('courses.finished') : course.available ? t('courses.available') : t('courses.notAvailable')}
        </span>
        <div
          className={`progress${done ? ' progress--done' : ''}`}
          role="progressbar"
          aria-label={t('courses.progress', { percent })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="progress__bar" style={{ width: `${percent}%` }} />
        </div>
        <p className={`course-card__percent${done ? ' course-card__percent--done' : ''}`}>
          <strong>{percent}%</strong> · {t('courses.points', { student: course.studentPoints, course: course.coursePoints })}
        </p>
        {next && (
          // issue 32: straight to where the student left off (above the card's own link, which covers it)
          <Link className="course-card__continue" to={`${to}/${next.m}/${next.c}/${next.n}${keep}`}>
            {t('course.continue', { title: next.title })}
          </Link>
        )}
        {course.fullPassRequired && !done && (
          <p className="course-card__warning">
            <AlertIcon width={16} height={16} /> {t('courses.fullPassRequired')}
          </p>
        )}
      </div>
    </li>
  );
}
