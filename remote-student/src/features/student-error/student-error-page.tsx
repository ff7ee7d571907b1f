import { Link } from 'react-router-dom';
import { usePageStatus } from '@academy/shared/api';
import { Button, useDocumentTitle } from '@academy/shared/ui';
import { useT } from '../../i18n';
import './student-error.css';

/** A broken plug: the page's picture (decorative, the heading says it in words). */
function ErrorIcon() {
  return (
    <svg className="student-error__icon" width="96" height="96" viewBox="0 0 96 96" fill="none" aria-hidden focusable={false}>
      <circle cx="48" cy="48" r="46" fill="var(--color-primary-soft)" />
      <path
        d="M22 58h10l6-6v-8l-6-6H22M32 42h-6M32 54h-6M74 38H64l-6 6v8l6 6h10M64 54h6M64 42h6"
        stroke="var(--color-primary)"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M44 30l4 8-4 4 6 6-2 8"
        stroke="var(--color-danger)"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Spec 2 §2.17, the student error page: title, about text, sub text and icon, shown in place of a
 * student-area page that failed; the way back to the courses (the same student's in view-as mode) and
 * a retry.
 */
export function StudentErrorPage({ onRetry }: { onRetry(): void }) {
  const t = useT();
  useDocumentTitle(t('studentError.title'));
  const { status, studentId } = usePageStatus();
  const keep = status === 'FAKE' && studentId !== null ? `?studentId=${studentId}` : '';
  return (
    <section className="card student-error" aria-labelledby="student-error-title">
      <ErrorIcon />
      <h1 id="student-error-title" className="student-error__title">
        {t('studentError.title')}
      </h1>
      <p className="student-error__about">{t('studentError.about')}</p>
      <p className="student-error__sub">{t('studentError.sub')}</p>
      <div className="student-error__actions">
        <Button onClick={onRetry}>{t('studentError.retry')}</Button>
        <Link className="btn btn--secondary" to={`/user/courses${keep}`}>
          {t('studentError.home')}
        </Link>
      </div>
    </section>
  );
}
