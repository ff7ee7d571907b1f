import { useState } from 'react';
import { useT } from '../../i18n';
import { Dialog, HelpIcon } from '@academy/shared/ui';

export function HelpButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('header.help')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <HelpIcon />
      </button>
      <Dialog open={open} title={t('help.title')} onClose={() => setOpen(false)} closeLabel={t('close')}>
        <p>{t('help.text')}</p>
        <p>{t('help.keyboard')}</p>
      </Dialog>
    </>
  );
}
