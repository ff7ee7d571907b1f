import { useCallback, useState } from 'react';
import { usePageStatus } from '@academy/shared/api';
import { Button, Dialog } from '@academy/shared/ui';
import { useT } from '../../i18n';

/** Where this browser remembers that the user has read the congratulation (one key per user). */
export const congratulationKey = (userId: number) => `academy.enrollee.congratulated.${userId}`;

function dismissed(userId: number): boolean {
  try {
    return globalThis.localStorage?.getItem(congratulationKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * Spec 2 §2.13: an enrollee on UNTIL_PAID terms without a mentor is congratulated: enrolled, to wait
 * for the assignment to a stream after the first joint call, details by e-mail. Shown once per user:
 * closing it is remembered in this browser (a private window may show it again).
 */
export function CongratulationModal() {
  const t = useT();
  const { status, profile } = usePageStatus();
  const [closedNow, setClosedNow] = useState(false);
  const due =
    status === 'NORMAL' &&
    profile !== undefined &&
    profile.role.name === 'STUDENT' &&
    profile.paymentType === 'UNTIL_PAID' &&
    !profile.hasMentor &&
    !closedNow &&
    !dismissed(profile.id);
  const userId = profile?.id;
  const close = useCallback(() => {
    setClosedNow(true);
    if (userId === undefined) return;
    try {
      globalThis.localStorage?.setItem(congratulationKey(userId), '1');
    } catch {
      // storage may be unavailable (private mode): it is closed for this page only
    }
  }, [userId]);
  return (
    <Dialog
      open={due}
      queued
      title={t('congratulation.title')}
      onClose={close}
      closeLabel={t('close')}
      footer={<Button onClick={close}>{t('close')}</Button>}
    >
      <p>{t('congratulation.enrolled')}</p>
      <p>{t('congratulation.stream')}</p>
      <p>{t('congratulation.email')}</p>
    </Dialog>
  );
}
