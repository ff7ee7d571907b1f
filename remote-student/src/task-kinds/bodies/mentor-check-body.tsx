import { useState } from 'react';
import { usePageStatus } from '@academy/shared/api';
import type { MentorVerdict } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { useT } from '../../i18n/task';
import { isRichTextEmpty, RichHtml } from '@academy/shared/rich-text';
import { RichTextEditor } from '@academy/shared/rich-text/editor';
import { ActionRow, Alert, Button } from '@academy/shared/ui';
import { useAnswer, type BodyProps } from '@academy/shared/task-kinds';

function VerdictView({ verdict, previous = false }: { verdict: MentorVerdict; previous?: boolean }) {
  const t = useT();
  const title = verdict.right ? t('task.mentorVerdictRight') : t('task.mentorVerdictWrong');
  return (
    <Alert kind={previous ? 'info' : verdict.right ? 'success' : 'warning'}>
      <strong>{previous ? `${t('task.prevResult')}: ${title.toLowerCase()}` : title}</strong>
      {verdict.mentorComment && <RichHtml html={verdict.mentorComment} />}
    </Alert>
  );
}

/** When the verdict on a waiting answer is expected (docs/courses.md, "Mentor queue"), or that it is late, in the reader's zone. */
function VerdictExpected({ by, student }: { by: string; student: boolean }) {
  const t = useT();
  const { formatDateTime } = useI18n();
  // the moment the page was shown: a late check says so from then on (the page reloads with the verdict)
  const [shownAt] = useState(() => Date.now());
  const time = formatDateTime(by, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
  const late = student ? 'task.verdictLateOfStudent' : 'task.verdictLate';
  return <p>{Date.parse(by) <= shownAt ? t(late, { time }) : t('task.verdictExpected', { time })}</p>;
}

/** Spec 2 §2.4: not sent → pending (with cancel) → checked with the mentor's verdict and comment. */
export default function MentorCheckBody(props: BodyProps) {
  const { task, readOnly, busy, error, onSubmit, onCancel } = props;
  const onSend = (answer: string) => onSubmit({ answer });
  const t = useT();
  // staff (or a classmate) looking at a student's page read about the student, not "your" answer
  const ofStudent = usePageStatus().status === 'FAKE';
  // issue 29: a cancelled sending and a verdict "needs changes" keep the answer (the draft, else the last one sent)
  const [answer, setAnswer] = useAnswer(
    props,
    () => task.answer ?? '',
    (draft) => (typeof draft.answer === 'string' ? draft.answer : null),
    (text) => ({ answer: text }),
  );
  // the answer the server refused: sending it again is disabled until it is changed (spec 2 §2.4)
  const [sent, setSent] = useState<string | null>(null);
  const verdict = task.result && !Array.isArray(task.result) ? task.result : null;
  const accepted = task.solved && task.checked;
  const styled = task.answerType === 'STYLED_TEXT';
  const locked = readOnly || task.pending === true || accepted;
  const refused = error !== null && answer === sent;
  const empty = styled ? isRichTextEmpty(answer) : answer.trim() === '';
  return (
    <div className="mentor-task">
      {verdict && <VerdictView verdict={verdict} />}
      {task.prevResult && <VerdictView verdict={task.prevResult} previous />}
      {refused && <Alert kind="danger">{error}</Alert>}
      {task.pending && (
        <Alert kind="info">
          <p>{t(ofStudent ? 'task.pendingOfStudent' : 'task.pending')}</p>
          {task.verdictExpectedBy && <VerdictExpected by={task.verdictExpectedBy} student={ofStudent} />}
        </Alert>
      )}
      {styled ? (
        <RichTextEditor
          value={answer}
          onChange={setAnswer}
          label={t(ofStudent ? 'task.answerEditorOfStudent' : 'task.answerEditor')}
          readOnly={locked}
        />
      ) : (
        <label className="field">
          <span className="field__label">{t(ofStudent ? 'task.answerOfStudent' : 'task.answer')}</span>
          <input
            className="field__input"
            type={task.answerType === 'SINGLE_LINE_TEXT' ? 'text' : 'url'}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            readOnly={locked}
          />
        </label>
      )}
      {!readOnly && (
        <ActionRow>
          {task.pending ? (
            <Button variant="secondary" onClick={onCancel} busy={busy}>
              {t('task.cancelCheck')}
            </Button>
          ) : (
            !accepted && (
              <Button
                onClick={() => {
                  setSent(answer);
                  onSend(answer);
                }}
                disabled={empty || locked || refused}
                busy={busy}
              >
                {t('task.send')}
              </Button>
            )
          )}
        </ActionRow>
      )}
    </div>
  );
}
