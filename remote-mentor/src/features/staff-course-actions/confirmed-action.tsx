import { useState, type ReactNode } from 'react';
import { Button, Dialog, type ButtonProps } from '@academy/shared/ui';
import { useT } from '../../i18n';

/** A staff action that asks first: the button opens a dialog whose confirm runs it (and closes it after). */
export function ConfirmedAction({
  label,
  title,
  confirmLabel,
  variant = 'secondary',
  danger = false,
  busy,
  onConfirm,
  children,
}: {
  label: string;
  title: string;
  confirmLabel: string;
  variant?: ButtonProps['variant'];
  /** the confirm button in the danger style (an action that cannot be undone) */
  danger?: boolean;
  busy: boolean;
  onConfirm(): Promise<unknown>;
  /** what the dialog says */
  children: ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    await onConfirm();
    setOpen(false);
  };
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        title={title}
        onClose={() => setOpen(false)}
        closeLabel={t('close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </>
        }
      >
        {children}
      </Dialog>
    </>
  );
}
