import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { failureOf, notify } from '@academy/shared/api';
import type { StaffNotification } from '@academy/shared/contract';
import { RichTextEditor } from '@academy/shared/rich-text/editor';
import { ActionRow, Alert, Button, Checkbox, TextField } from '@academy/shared/ui';
import { useT, type TextKey } from '../../i18n';
import { AudienceFields } from './audience-fields';
import {
  EMPTY_FORM,
  fieldOfServerKey,
  fromNotification,
  notificationFormSchema,
  TITLE_MAX,
  toInput,
  type NotificationFormContext,
  type NotificationFormValues,
} from './notification-form-values';
import { useEditNotificationMutation, usePublishNotificationMutation } from './publishing-api';

export interface NotificationFormProps {
  /** the sent notification being edited; null for a new one */
  editing: StaffNotification | null;
  /** after a publish or a saved edit, and when an edit is cancelled */
  onDone(): void;
}

/**
 * The publishing form (formik + yup, the server's rules checked first here): title, rich-text
 * message, important with its end time, the audience. A refusal of the server lands on its field.
 * The parent remounts it (key) for each notification it edits.
 */
export function NotificationForm({ editing, onDone }: NotificationFormProps) {
  const t = useT();
  const dispatch = useDispatch();
  const [publish] = usePublishNotificationMutation();
  const [edit] = useEditNotificationMutation();
  const title = useRef<HTMLInputElement>(null);
  const initialValues = editing ? fromNotification(editing) : EMPTY_FORM;
  const context: NotificationFormContext = { keptEndTime: initialValues.endTime };

  const formik = useFormik<NotificationFormValues>({
    initialValues,
    validateOnChange: false,
    validate: async (values) => {
      try {
        await validateYupSchema(values, notificationFormSchema, false, context);
        return {};
      } catch (error) {
        return yupToFormErrors<NotificationFormValues>(error);
      }
    },
    onSubmit: async (values, helpers) => {
      const input = toInput(values);
      try {
        if (editing) await edit({ id: editing.id, input }).unwrap();
        else await publish(input).unwrap();
        dispatch(notify({ kind: 'success', message: editing ? 'publishing.saved' : 'publishing.published' }));
        onDone();
      } catch (error) {
        const failure = failureOf(error);
        helpers.setErrors({ [fieldOfServerKey(failure.key)]: failure.text } as FormikErrors<NotificationFormValues>);
      }
    },
  });

  // an edit starts at the title
  useEffect(() => {
    if (editing) title.current?.focus();
  }, [editing]);

  /** A field's error to show: the area's text for a rule of the form, the server's own text otherwise. */
  const shown = (name: keyof NotificationFormValues): string | undefined => {
    const error = formik.errors[name];
    if (typeof error !== 'string' || (!formik.touched[name] && formik.submitCount === 0)) return undefined;
    return error.startsWith('publishing.') ? t(error as TextKey) : error;
  };
  const { values } = formik;

  return (
    <form className="card publishing__form" onSubmit={formik.handleSubmit} noValidate aria-labelledby="publishing-form-title">
      <h2 id="publishing-form-title" className="publishing__subtitle">
        {editing ? t('publishing.editTitle') : t('publishing.newTitle')}
      </h2>
      {editing && <Alert kind="info">{t('publishing.editNote')}</Alert>}
      <TextField
        ref={title}
        label={t('publishing.field.title')}
        maxLength={TITLE_MAX}
        hint={t('publishing.field.titleHint', { count: values.title.trim().length, max: TITLE_MAX })}
        error={shown('title')}
        {...formik.getFieldProps('title')}
      />
      <div className={`publishing__message${shown('message') ? ' field--invalid' : ''}`}>
        <RichTextEditor
          value={initialValues.message}
          onChange={(html) => void formik.setFieldValue('message', html)}
          label={t('publishing.field.message')}
          minHeight={160}
        />
        {shown('message') && (
          <p className="field__error" role="alert">
            {shown('message')}
          </p>
        )}
      </div>
      <div className="publishing__timing">
        <Checkbox
          label={t('publishing.field.important')}
          checked={values.important}
          onChange={(event) => void formik.setFieldValue('important', event.target.checked)}
        />
        <p className="publishing__muted">{t('publishing.field.importantHint')}</p>
        <TextField
          label={values.important ? t('publishing.field.endTimeRequired') : t('publishing.field.endTime')}
          type="datetime-local"
          hint={t('publishing.field.endTimeHint')}
          error={shown('endTime')}
          {...formik.getFieldProps('endTime')}
        />
      </div>
      <AudienceFields
        value={values}
        errors={{ role: shown('role'), direction: shown('direction'), courseId: shown('courseId'), userId: shown('userId') }}
        onChange={(patch) => void formik.setValues({ ...values, ...patch }, false)}
      />
      {typeof formik.errors.form === 'string' && <Alert kind="danger">{formik.errors.form}</Alert>}
      <ActionRow>
        <Button type="submit" busy={formik.isSubmitting}>
          {editing ? t('publishing.save') : t('publishing.publish')}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={onDone}>
            {t('publishing.cancelEdit')}
          </Button>
        )}
      </ActionRow>
    </form>
  );
}
