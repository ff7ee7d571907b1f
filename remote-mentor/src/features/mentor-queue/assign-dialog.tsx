import { useFormik } from 'formik';
import { useDispatch } from 'react-redux';
import { object, string } from 'yup';
import { failureOf, notify } from '@academy/shared/api';
import type { MentorQueueEntry } from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { Alert, Button, Dialog, SelectField } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { useAssignQueueAnswerMutation, useGetMentorQueueMentorsQuery } from './queue-api';

/** The reassign form: one mentor, required (the message is a key of the area's catalogue). */
const assignSchema = object({ mentorId: string().required('queue.assignRequired') });

export interface AssignDialogProps {
  /** the answer to give to another mentor; null: closed */
  entry: MentorQueueEntry | null;
  onClose(): void;
}

/**
 * The chief mentor gives a waiting answer to another mentor (formik + yup): it leaves the queue of the
 * mentor who had it and its take, if someone else's, ends. A refusal shows in the dialog.
 */
export function AssignDialog({ entry, onClose }: AssignDialogProps) {
  const t = useT();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const mentors = useGetMentorQueueMentorsQuery(undefined, { skip: entry === null });
  const [assign] = useAssignQueueAnswerMutation();
  const current = entry?.assignedTo?.id ?? entry?.studentMentor?.id ?? null;
  const formik = useFormik<{ mentorId: string }>({
    initialValues: { mentorId: '' },
    enableReinitialize: true,
    validationSchema: assignSchema,
    validateOnChange: false,
    onSubmit: async ({ mentorId }, helpers) => {
      if (!entry) return;
      try {
        await assign({ answerId: entry.answerId, mentorId: Number(mentorId) }).unwrap();
        dispatch(notify({ kind: 'success', message: 'queue.assigned' }));
        helpers.resetForm();
        onClose();
      } catch (error) {
        helpers.setStatus(serverText(failureOf(error)));
      }
    },
  });
  const close = () => {
    formik.resetForm();
    onClose();
  };
  const student = entry ? `${entry.student.firstName} ${entry.student.lastName}`.trim() : '';
  const error = formik.errors.mentorId;

  return (
    <Dialog
      open={entry !== null}
      title={t('queue.assignTitle')}
      onClose={close}
      closeLabel={t('close')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('cancel')}
          </Button>
          <Button busy={formik.isSubmitting} onClick={() => void formik.submitForm()}>
            {t('queue.assignConfirm')}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void formik.submitForm();
        }}
      >
        <p>{t('queue.assignLead', { student, task: entry?.task.title ?? '' })}</p>
        {typeof formik.status === 'string' && <Alert kind="danger">{formik.status}</Alert>}
        {mentors.isError && <Alert kind="danger">{t('queue.mentorsError')}</Alert>}
        <SelectField
          label={t('queue.assignMentor')}
          name="mentorId"
          value={formik.values.mentorId}
          onChange={formik.handleChange}
          error={error ? t('queue.assignRequired') : undefined}
          disabled={!mentors.data}
        >
          <option value="">{t('queue.chooseMentor')}</option>
          {mentors.data?.map((mentor) => (
            <option key={mentor.id} value={String(mentor.id)} disabled={mentor.id === current}>
              {t('queue.mentorOption', { name: `${mentor.firstName} ${mentor.lastName}`.trim(), count: mentor.waiting })}
            </option>
          ))}
        </SelectField>
      </form>
    </Dialog>
  );
}
