import { usePageStatus } from '@academy/shared/api';
import { Dialog } from '@academy/shared/ui';
import { useToday } from '@academy/shared/i18n';
import { useT } from '../../i18n';
import { LazyReportForm } from './lazy-report-form';
import { dayBefore } from './report-dates';
import './reports.css';

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
      <LazyReportForm editing={null} day={dayBefore(today)} fixedDay today={today} onSaved={() => {}} />
    </Dialog>
  );
}
