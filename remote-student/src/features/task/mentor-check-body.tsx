import { useState } from 'react';
import type { StudentTask } from '@academy/shared/contract';
import { useT } from '@academy/shared/i18n';
import { Alert, Button } from '@academy/shared/ui';

interface Props {
  task: StudentTask;
  readOnly: boolean;
  busy: boolean;
  error: string | null;
  onSend(answer: string): void;
  onCancel(): void;
}

/** Spec 2 §2.4: not sent → pending (with cancel) → checked with the mentor's verdict and comment. */
export function MentorCheckBody({ task, readOnly, busy, error, onSend, onCancel }: Props) {
  const t = useT();
  const [answer, setAnswer] = useState(task.pending || task.solved ? (task.answer ?? '') : '');
  const verdict = task.result && !Array.isArray(task.result) ? task.result : null;
  const accepted = task.solved && task.checked;
  const multiline = task.answerType === 'STYLED_TEXT';
  const locked = readOnly || task.pending === true || accepted || error !== null;
  return (
    <div className="mentor-task">
      {verdict && (
        <Alert kind={verdict.right ? 'success' : 'warning'}>
          <strong>{verdict.right ? t('task.mentorVerdictRight') : t('task.mentorVerdictWrong')}</strong>
          {/* sanitized on the server when the mentor saved it */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: verdict.mentorComment }} />
        </Alert>
      )}
      {error && <Alert kind="danger">{error}</Alert>}
      {task.pending && <Alert kind="info">{t('task.pending')}</Alert>}
      <label className="field">
        <span className="field__label">{t('task.answer')}</span>
        {multiline ? (
          <textarea
            className="field__input"
            rows={8}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            readOnly={locked}
          />
        ) : (
          <input
            className="field__input"
            type={task.answerType === 'SINGLE_LINE_TEXT' ? 'text' : 'url'}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            readOnly={locked}
          />
        )}
      </label>
      {!readOnly && (
        <div className="task-actions">
          {task.pending ? (
            <Button variant="secondary" onClick={onCancel} busy={busy}>
              {t('task.cancelCheck')}
            </Button>
          ) : (
            !accepted && (
              <Button onClick={() => onSend(answer)} disabled={answer.trim() === '' || locked} busy={busy}>
                {t('task.send')}
              </Button>
            )
          )}
        </div>
      )}
    </div>
  );
}
