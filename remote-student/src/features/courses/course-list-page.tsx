import { useSearchParams } from 'react-router-dom';
import { usePageStatus } from '@academy/shared/api';
import type { CourseView } from '@academy/shared/contract';
import { useT, type TextKey } from '../../i18n';
import { Alert, Skeleton, useDocumentTitle, usePrerenderedHandoff } from '@academy/shared/ui';
import { CourseCard } from './course-card';
import { useGetStudentAdditionalCourseViewsQuery, useGetStudentCourseViewsQuery } from '../../api/courses-api';
import './courses.css';

function CourseGrid({
  courses,
  additional,
  studentId,
}: {
  courses: CourseView[];
  additional: boolean;
  studentId: number | null;
}) {
  const keep = studentId ? `?studentId=${studentId}` : '';
  return (
    <ul className="course-grid">
      {courses.map((course, index) => (
        <CourseCard
          key={course.id}
          course={course}
          to={`/user/courses/${additional ? 'additional/' : ''}${course.id}`}
          keep={keep}
          first={!additional && index === 0}
        />
      ))}
    </ul>
  );
}

function GridSkeleton() {
  return (
    <div className="course-grid" aria-hidden>
      {[1, 2, 3].map((n) => (
        <Skeleton key={n} height={290} />
      ))}
    </div>
  );
}

function Section(props: {
  title: TextKey;
  empty: TextKey;
  query: { data?: CourseView[]; isLoading: boolean; isError: boolean };
  additional: boolean;
  studentId: number | null;
}) {
  const t = useT();
  const { data, isLoading, isError } = props.query;
  const id = `courses-${props.additional ? 'additional' : 'regular'}`;
  return (
    <section aria-labelledby={id} className="courses-section">
      <h2 id={id} className="courses-section__title">
        {t(props.title)}
      </h2>
      {isLoading && <GridSkeleton />}
      {isError && <Alert kind="danger">{t('courses.loadError')}</Alert>}
      {data && data.length === 0 && <p className="empty-state">{t(props.empty)}</p>}
      {data && data.length > 0 && <CourseGrid courses={data} additional={props.additional} studentId={props.studentId} />}
    </section>
  );
}

/** /user/courses: the student's courses with progress, and the additional courses (spec 1 §2). */
export function CourseListPage() {
  const t = useT();
  const [params] = useSearchParams();
  const { status, studentId } = usePageStatus();
  useDocumentTitle(t(status === 'FAKE' ? 'courses.studentTitle' : 'courses.title'));
  const fakeStudent = status === 'FAKE' ? studentId : null;
  const skip = status === 'NOT_READY';
  const regular = useGetStudentCourseViewsQuery({ studentId: fakeStudent }, { skip });
  const additional = useGetStudentAdditionalCourseViewsQuery({ studentId: fakeStudent }, { skip });
  // the page the server rendered with these lists stays until both are here
  const settled = (query: { isSuccess: boolean; isError: boolean }) => query.isSuccess || query.isError;
  usePrerenderedHandoff(settled(regular) && settled(additional));
  return (
    <div className="courses-page">
      <h1 className="page-title">{t(status === 'FAKE' ? 'courses.studentTitle' : 'courses.title')}</h1>
      {params.get('param') === 'forbidden' && <Alert kind="warning">{t('AccessIsDenied')}</Alert>}
      <Section title="courses.regular" empty="courses.empty" query={regular} additional={false} studentId={fakeStudent} />
      <Section title="courses.additional" empty="courses.additionalEmpty" query={additional} additional studentId={fakeStudent} />
    </div>
  );
}
