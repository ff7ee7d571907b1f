import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { notify } from '@academy/shared/api';
import type { StaffNotification } from '@academy/shared/contract';
import { Button, Dialog } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { NotificationForm } from './notification-form';
import { useWithdrawNotificationMutation } from './publishing-api';
import { SentNotifications } from './sent-notifications';
import './publishing.css';

/**
 * Staff publishing (ADMIN, CHIEF_MENTOR, CURATOR): the form for a new notification or the one being
 * edited, and the sent ones with their audience and readers; withdrawing asks first.
 */
export default function PublishingPage() {
  const t = useT();
  const dispatch = useDispatch();
  const [editing, setEditing] = useState<StaffNotification | null>(null);
  // a new form after each publish; a fresh list too (its pages start again from the newest)
  const [formKey, setFormKey] = useState(0);
  const [listKey, setListKey] = useState(0);
  const [withdrawing, setWithdrawing] = useState<StaffNotification | null>(null);
  const [withdraw, withdrawal] = useWithdrawNotificationMutation();

  const done = () => {
    if (!editing) setListKey((k) => k + 1);
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const confirmWithdraw = async () => {
    if (!withdrawing) return;
    const result = await withdraw(withdrawing.id);
    if ('error' in result) dispatch(notify({ kind: 'danger', message: 'publishing.withdrawError' }));
    else {
      dispatch(notify({ kind: 'success', message: 'publishing.withdrawDone' }));
      if (editing?.id === withdrawing.id) done();
    }
    setWithdrawing(null);
  };

  return (
    <section className="publishing" aria-labelledby="publishing-title">
      <h1 id="publishing-title">{t('publishing.title')}</h1>
      <p className="publishing__lead">{t('publishing.lead')}</p>
      <div className="publishing__layout">
        <NotificationForm key={`${editing?.id ?? 'new'}-${formKey}`} editing={editing} onDone={done} />
        <SentNotifications key={listKey} editingId={editing?.id ?? null} onEdit={setEditing} onWithdraw={setWithdrawing} />
      </div>
      <Dialog
        open={withdrawing !== null}
        title={t('publishing.withdrawTitle')}
        onClose={() => setWithdrawing(null)}
        closeLabel={t('close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setWithdrawing(null)}>
              {t('cancel')}
            </Button>
            <Button variant="danger" busy={withdrawal.isLoading} onClick={() => void confirmWithdraw()}>
              {t('publishing.withdrawConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('publishing.withdrawText', { title: withdrawing?.title ?? '' })}</p>
      </Dialog>
    </section>
  );
}
