import { lazy, Suspense } from 'react';
import { usePageStatus } from '@academy/shared/api';
import { Dialog, Skeleton } from '@academy/shared/ui';
import { useToday } from '@academy/shared/i18n';
import { useT } from '../../i18n';
import { dayBefore } from './report-dates';
import './reports.css';

// the form (formik, yup and the report's schema) loads only for a student whose report is due: every
// page of the area shows this component, few of them ever open it
const ReportForm = lazy(async () => ({ default: (await import('./report-form')).ReportForm }));

/**
 * Spec 1 §2 "Yesterday's report": while the profile says requireCreateReport (on one's own pages), a
 * dialog that cannot be closed asks for yesterday's report before anything else. Saving it refreshes
 * the profile, and the dialog goes once the server no longer asks.
 */
export function YesterdayReport() {
  const t = useT();
  const { status, profile } = usePageStatus();
  const today = useToday();
  if (status !== 'NORMAL' || !profile?.requireCreateReport) return null;
  return (
    <Dialog open queued dismissible={false} title={t('reports.yesterday.title')} width={520}>
      <p className="report-form__intro">{t('reports.yesterday.text')}</p>
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
        <ReportForm editing={null} day={dayBefore(today)} fixedDay today={today} onSaved={() => {}} />
      </Suspense>
    </Dialog>
  );
}
