import { lazy, Suspense } from 'react';
import { Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n';
import type { ReportFormProps } from './report-form';

// The form (formik, yup and the report's schema) loads when a dialog shows it: the reports page and every
// page with the yesterday's-report dialog render without it (issue 33: ~80 KB of scripts evaluated in
// the page's first second on a phone, for a form most visits never open).
const ReportForm = lazy(async () => ({ default: (await import('./report-form')).ReportForm }));

/** The report form, with its skeleton while its code arrives. */
export function LazyReportForm(props: ReportFormProps) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <div className="report-form" role="status" aria-busy="true">
          <span className="visually-hidden">{t('loading')}</span>
          <Skeleton height={40} />
          <Skeleton height={120} />
          <Skeleton width={140} height={40} />
        </div>
      }
    >
      <ReportForm {...props} />
    </Suspense>
  );
}
