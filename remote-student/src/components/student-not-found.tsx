import { Link } from 'react-router-dom';
import { usePageStatus } from '@academy/shared/api';
import { NotFoundPage } from '@academy/shared/ui';
import { useT } from '../i18n';

/**
 * A missing page of the student area. On a student's page (view-as mode) it speaks of that student's
 * page, with the way back to their courses, inside their frame: the shell's page would tell staff that
 * their role has no such page, which is not what happened.
 */
export function StudentNotFound() {
  const t = useT();
  const { status, studentId } = usePageStatus();
  if (status !== 'FAKE' || studentId === null) return <NotFoundPage />;
  return (
    <section className="not-found" aria-labelledby="student-not-found-title">
      <p className="not-found__code" aria-hidden>
        404
      </p>
      <h1 id="student-not-found-title" className="not-found__title">
        {t('frame.noPage')}
      </h1>
      <p className="not-found__text">
        {t('frame.noPageText')} <Link to={`/user/courses?studentId=${studentId}`}>{t('frame.toStudentCourses')}</Link>
      </p>
    </section>
  );
}
