import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { failureOf, notify } from '@academy/shared/api';
import type { TaskVerdictProps } from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { useT } from '../../i18n';
import { isRichTextEmpty } from '@academy/shared/rich-text';
import { RichTextEditor } from '@academy/shared/rich-text/editor';
import { ActionRow, Alert, Button, Checkbox, Dialog, Skeleton } from '@academy/shared/ui';
import { CodeEditor } from '@academy/shared/ui/code-editor';
import { useLocalDraft } from './draft';
import { useGetReferenceSolutionQuery, useGiveMentorVerdictMutation } from './verdict-api';
import './task-verdict.css';

/** Spec 2 §2.5: the mentor's comment (a local draft until sent) and the correct/incorrect dialog. */
function MentorCheckVerdict({ task, studentId, draftKey }: TaskVerdictProps) {
  const t = useT();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const [draft, setDraft, clearDraft] = useLocalDraft(draftKey);
  const [editorKey, setEditorKey] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [right, setRight] = useState(false);
  const [give, giving] = useGiveMentorVerdictMutation();
  const answerId = task.answerId ?? null;
  const verdict = task.result && !Array.isArray(task.result) ? task.result : null;
  const alreadyRight = task.lastActionIsRight;

  const openDialog = () => {
    setRight(false); // default: incorrect
    setDialogOpen(true);
  };
  const save = async () => {
    if (answerId === null) return;
    const result = await give({
      studentTaskId: task.studentTaskId,
      answerId,
      courseTaskId: task.courseTaskId,
      studentId,
      mentorComment: isRichTextEmpty(draft) ? '' : draft,
      right: alreadyRight ? false : right,
    });
    setDialogOpen(false);
    if ('error' in result) {
      // another mentor took the answer from the queue (docs/courses.md, "Mentor queue"): say who, not just that it failed
      const failure = failureOf(result.error);
      if (failure.status === 409) dispatch(notify({ kind: 'danger', message: serverText(failure), raw: true, timeout: 8000 }));
      else dispatch(notify({ kind: 'danger', message: 'mentor.saveError' }));
      return;
    }
    clearDraft();
    setEditorKey((k) => k + 1);
    dispatch(notify({ kind: 'success', message: 'mentor.saved' }));
  };

  let status: string;
  if (answerId === null) status = t('mentor.noAnswer');
  else if (task.pending) status = t('mentor.waiting');
  else status = verdict?.right ? t('mentor.checkedRight') : t('mentor.checkedWrong');

  return (
    <>
      <p className="task-verdict__status">{status}</p>
      {answerId !== null && (
        <>
          <RichTextEditor key={editorKey} value={draft} onChange={setDraft} label={t('mentor.comment')} minHeight={120} />
          <p className="task-verdict__note">{t('mentor.draftNote')}</p>
          <ActionRow>
            <Button onClick={openDialog} busy={giving.isLoading}>
              {t('mentor.giveVerdict')}
            </Button>
          </ActionRow>
        </>
      )}
      <Dialog
        open={dialogOpen}
        title={t('mentor.dialogTitle')}
        onClose={() => setDialogOpen(false)}
        closeLabel={t('close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialogOpen(false)}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void save()} busy={giving.isLoading}>
              {t('mentor.save')}
            </Button>
          </>
        }
      >
        <Checkbox
          label={t('mentor.markRight')}
          checked={right && !alreadyRight}
          disabled={alreadyRight}
          onChange={(event) => setRight(event.target.checked)}
        />
        <p className="task-verdict__note">
          {alreadyRight ? t('mentor.alreadyRight') : right ? t('mentor.willBeRight') : t('mentor.markHint')}
        </p>
      </Dialog>
    </>
  );
}

/** The reference solution of a code task, for mentors (spec 2 §2.5), fetched only when asked for. */
function ReferenceSolution({ courseTaskId }: { courseTaskId: number }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const reference = useGetReferenceSolutionQuery(courseTaskId, { skip: !shown });
  return (
    <>
      <ActionRow>
        <Button variant="secondary" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
          {shown ? t('mentor.hideReference') : t('mentor.showReference')}
        </Button>
      </ActionRow>
      {shown &&
        (reference.data ? (
          <CodeEditor
            value={reference.data.solution}
            language={reference.data.codeLang}
            readOnly
            label={t('mentor.reference')}
            height={240}
          />
        ) : reference.isError ? (
          <Alert kind="danger">{t('mentor.referenceLoadError')}</Alert>
        ) : (
          <Skeleton height={240} />
        ))}
    </>
  );
}

/** Exposed as `./TaskVerdict`: the mentor's part of a student's task page in view-as-student mode. */
export default function TaskVerdict(props: TaskVerdictProps) {
  const t = useT();
  if (props.task.type !== 'mentorCheckTask' && props.task.type !== 'code') return null;
  return (
    <section className="card task-verdict" aria-labelledby="task-verdict-title">
      <h2 id="task-verdict-title" className="task-verdict__title">
        {props.task.type === 'code' ? t('mentor.reference') : t('mentor.panel')}
      </h2>
      {props.task.type === 'mentorCheckTask' ? (
        <MentorCheckVerdict {...props} />
      ) : (
        <ReferenceSolution courseTaskId={props.task.courseTaskId} />
      )}
    </section>
  );
}
