import { useFormik } from 'formik';
import { Navigate, useNavigate } from 'react-router-dom';
import type { ApiFailure } from '@academy/shared/api';
import { invitationError } from '@academy/shared/contract';
import { useT } from '../../i18n';
import { Alert, Button, PageSkeleton, TextField } from '@academy/shared/ui';
import { useGetInvitationQuery, useRegisterByInvitationMutation } from '../../public-api';
import { BirthdayField, birthdayText, type BirthdayValue } from './birthday-field';

/**
 * Registration by invitation (spec 2 §2.10): the e-mail comes from the invitation and cannot be
 * changed; a student confirms the password, an enrollee does not. A bad link goes to
 * /login?param=invalidRegToken, success to /login?param=start.
 */
export function InvitationPage({ enrollee, hash }: { enrollee: boolean; hash: string }) {
  const t = useT();
  const navigate = useNavigate();
  const invitation = useGetInvitationQuery({ hash, enrollee }, { skip: !hash });
  const [register] = useRegisterByInvitationMutation();
  const formik = useFormik<{
    firstName: string;
    lastName: string;
    password: string;
    confirmPassword: string;
    birthday: BirthdayValue;
    form?: string;
  }>({
    initialValues: { firstName: '', lastName: '', password: '', confirmPassword: '', birthday: { day: '', month: '', year: '' } },
    validateOnBlur: false,
    validateOnChange: false,
    validate: (values) => {
      const key = invitationError({ ...values, birthday: birthdayText(values.birthday) }, !enrollee);
      return key ? { form: t(key) } : {};
    },
    onSubmit: async (values, helpers) => {
      const { day, month, year } = values.birthday;
      const common = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), password: values.password, hash };
      try {
        await register({
          enrollee,
          form: enrollee
            ? { ...common, birthday: birthdayText(values.birthday) }
            : { ...common, confirmPassword: values.confirmPassword, day: Number(day), month: Number(month), year: Number(year) },
        }).unwrap();
        await navigate('/login?param=start', { replace: true });
      } catch (error) {
        const failure = error as ApiFailure;
        if (failure.key === 'register.invalidToken') await navigate('/login?param=invalidRegToken', { replace: true });
        else helpers.setErrors({ form: failure.text });
      }
    },
  });

  if (!hash || (invitation.error && (invitation.error as ApiFailure).status === 400)) {
    return <Navigate to="/login?param=invalidRegToken" replace />;
  }
  if (invitation.error) return <Alert kind="danger">{(invitation.error as ApiFailure).text}</Alert>;
  if (!invitation.data) return <PageSkeleton label={t('loading')} />;
  return (
    <section className="public-card" aria-labelledby="invite-title">
      <h1 id="invite-title">{enrollee ? t('invite.enrolleeTitle') : t('invite.title')}</h1>
      <p className="public-card__lead">{t('invite.lead')}</p>
      <form onSubmit={formik.handleSubmit} noValidate className="public-form">
        <TextField label="E-mail" type="email" value={invitation.data.email} readOnly hint={t('invite.emailHint')} />
        <TextField label={t('register.firstName.label')} autoComplete="given-name" {...formik.getFieldProps('firstName')} />
        <TextField label={t('register.lastName.label')} autoComplete="family-name" {...formik.getFieldProps('lastName')} />
        <TextField
          label={t('register.password.label')}
          type="password"
          autoComplete="new-password"
          {...formik.getFieldProps('password')}
        />
        {!enrollee && (
          <TextField
            label={t('register.confirm.label')}
            type="password"
            autoComplete="new-password"
            {...formik.getFieldProps('confirmPassword')}
          />
        )}
        <BirthdayField value={formik.values.birthday} onChange={(value) => void formik.setFieldValue('birthday', value)} />
        {formik.errors.form && <Alert kind="danger">{formik.errors.form}</Alert>}
        <Button type="submit" disabled={formik.isSubmitting} busy={formik.isSubmitting}>
          {formik.isSubmitting ? t('register.processing') : t('register.submit')}
        </Button>
      </form>
    </section>
  );
}
