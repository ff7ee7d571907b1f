import { useI18n } from '@academy/shared/i18n';
import { ActionRow, Alert, Button } from '@academy/shared/ui';
import { useT } from '../../i18n/task';
import type { TaskDraftState } from './use-task-draft';

/** Where the draft of the answer is (issue 29): saving, saved at a time, not saved yet, or changed elsewhere. */
export function DraftStatus({ draft }: { draft: TaskDraftState }) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const time = (iso: string) => formatDateTime(iso, { hour: '2-digit', minute: '2-digit' });
  if (draft.conflict)
    return (
      <Alert kind="warning">
        <p>{t('draft.conflict', { time: time(draft.conflict.savedAt) })}</p>
        <ActionRow>
          <Button variant="secondary" onClick={draft.takeTheirs}>
            {t('draft.takeTheirs')}
          </Button>
          <Button variant="secondary" onClick={() => void draft.keepMine()}>
            {t('draft.keepMine')}
          </Button>
        </ActionRow>
      </Alert>
    );
  const text =
    draft.status === 'saving'
      ? t('draft.saving')
      : draft.status === 'failed'
        ? t('draft.failed')
        : draft.savedAt
          ? t('draft.savedAt', { time: time(draft.savedAt) })
          : null;
  return (
    <p className="draft-status" role="status" aria-live="polite">
      {text}
    </p>
  );
}
