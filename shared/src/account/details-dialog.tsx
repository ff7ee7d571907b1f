import { useFormik } from 'formik';
import { useId } from 'react';
import { failureOf, notify, useAcademyDispatch, useUpdateDetailsMutation } from '@academy/shared/api';
import type { Profile } from '@academy/shared/contract';
import { useT, type MessageKey } from '@academy/shared/i18n';
import { Alert, Button, Dialog, TextField } from '@academy/shared/ui';
import { BirthdayField, birthdayText, birthdayValue } from '@academy/shared/ui/birthday';
import { profileDetailsSchema, type ProfileDetailsValues } from '@academy/shared/validation';

type Field = keyof ProfileDetailsValues;

/** The fields a server 400 names by its key (the same rules as the form's). */
const FIELD_OF_KEY: Partial<Record<string, Field>> = {
  'register.firstName': 'firstName',
  'register.lastName': 'lastName',
  'register.birthday': 'birthday',
};

/**
 * One's own names and birthday (issue 29, item 18), by registration's rules, every field's error at once
 * after the first try; the e-mail shown, changed only by the curator (spec 2 §5).
 */
export function DetailsDialog({ profile, onClose }: { profile: Profile; onClose(): void }) {
  const t = useT();
  const dispatch = useAcademyDispatch();
  const formId = useId();
  const [update] = useUpdateDetailsMutation();

  const formik = useFormik<ProfileDetailsValues>({
    initialValues: { firstName: profile.firstName, lastName: profile.lastName, birthday: birthdayValue(profile.birthday) },
    validationSchema: profileDetailsSchema,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        await update({
          id: profile.id,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          birthday: birthdayText(values.birthday),
        }).unwrap();
        dispatch(notify({ kind: 'success', message: 'details.updated' }));
        onClose();
      } catch (caught) {
        const failure = failureOf(caught);
        const field = failure.status === 400 && failure.key ? FIELD_OF_KEY[failure.key] : undefined;
        if (field) helpers.setFieldError(field, failure.key);
        else helpers.setStatus(failure.status === 400 ? failure.text : t('details.failed'));
      }
    },
  });

  // the fields' errors (the rules' keys, the server's too) show once the form has been sent, then follow the typing
  const errorOf = (field: Field) => {
    const error = formik.submitCount > 0 ? (formik.errors[field] as string | undefined) : undefined;
    return error && t(error as MessageKey);
  };
  const field = (name: Exclude<Field, 'birthday'>) => ({ ...formik.getFieldProps(name), error: errorOf(name) });

  return (
    <Dialog
      open
      title={t('details.title')}
      onClose={onClose}
      closeLabel={t('close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={formik.isSubmitting} busy={formik.isSubmitting}>
            {t('details.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="account-form" onSubmit={formik.handleSubmit} noValidate>
        <TextField label={t('details.firstName')} autoComplete="given-name" required {...field('firstName')} />
        <TextField label={t('details.lastName')} autoComplete="family-name" required {...field('lastName')} />
        <BirthdayField
          value={formik.values.birthday}
          onChange={(value) => void formik.setFieldValue('birthday', value)}
          labels={{ legend: t('details.birthday'), day: t('details.day'), month: t('details.month'), year: t('details.year') }}
          error={errorOf('birthday')}
        />
        <div className="field">
          <span className="field__label">{t('login.email')}</span>
          <span className="details-email">{profile.email}</span>
          <span className="field__hint">{t('profile.emailChange')}</span>
        </div>
        {typeof formik.status === 'string' && <Alert kind="danger">{formik.status}</Alert>}
      </form>
    </Dialog>
  );
}
