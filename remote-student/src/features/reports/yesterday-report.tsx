import { useMemo } from 'react';
import { usePageStatus } from '@academy/shared/api';
import { Dialog } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { dayBefore, localToday } from './report-dates';
import { ReportForm } from './report-form';
import './reports.css';

/**
 * Spec 1 §2 "Yesterday's report": while the profile says requireCreateReport (on one's own pages), a
 * dialog that cannot be closed asks for yesterday's report before anything else. Saving it refreshes
 * the profile, and the dialog goes once the server no longer asks.
 */
export function YesterdayReport() {
  const t = useT();
  const { status, profile } = usePageStatus();
  const today = useMemo(() => localToday(), []);
  if (status !== 'NORMAL' || !profile?.requireCreateReport) return null;
  return (
    <Dialog open dismissible={false} title={t('reports.yesterday.title')} width={520}>
      <p className="report-form__intro">{t('reports.yesterday.text')}</p>
      <ReportForm editing={null} day={dayBefore(today)} fixedDay today={today} onSaved={() => {}} />
    </Dialog>
  );
}
