import { useFormik } from 'formik';
import { Navigate, useNavigate } from 'react-router-dom';
import { failureOf } from '@academy/shared/api';
import { invitationErrors } from '@academy/shared/accounts';
import { useT } from '../../i18n';
import { Alert, Button, PageSkeleton, TextField, useDocumentTitle } from '@academy/shared/ui';
import { useGetInvitationQuery, useRegisterByInvitationMutation } from '../../public-api';
import { BirthdayField, birthdayText, type BirthdayValue } from './birthday-field';

interface Values {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  birthday: BirthdayValue;
}

/**
 * Registration by invitation (spec 2 §2.10): the e-mail comes from the invitation and cannot be
 * changed; a student confirms the password, an enrollee does not. A bad link goes to
 * /login?param=invalidRegToken, success to /login?param=start.
 */
export function InvitationPage({ enrollee, hash }: { enrollee: boolean; hash: string }) {
  const t = useT();
  useDocumentTitle(enrollee ? t('invite.enrolleeTitle') : t('invite.title'));
  const navigate = useNavigate();
  const invitation = useGetInvitationQuery({ hash, enrollee }, { skip: !hash });
  const [register] = useRegisterByInvitationMutation();
  const formik = useFormik<Values>({
    initialValues: { firstName: '', lastName: '', password: '', confirmPassword: '', birthday: { day: '', month: '', year: '' } },
    validateOnBlur: false,
    validate: (values) => {
      const errors = invitationErrors({ ...values, birthday: birthdayText(values.birthday) }, !enrollee);
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
    },
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
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
        const failure = failureOf(error);
        if (failure.key === 'register.invalidToken') await navigate('/login?param=invalidRegToken', { replace: true });
        else helpers.setStatus(failure.text);
      }
    },
  });

  // the fields' errors show once the form has been sent, then follow the typing
  const errorOf = (field: keyof Values) => (formik.submitCount > 0 ? (formik.errors[field] as string | undefined) : undefined);
  const field = (name: Exclude<keyof Values, 'birthday'>) => ({ ...formik.getFieldProps(name), error: errorOf(name) });
  if (!hash || (invitation.error && failureOf(invitation.error).status === 400)) {
    return <Navigate to="/login?param=invalidRegToken" replace />;
  }
  if (invitation.error) return <Alert kind="danger">{failureOf(invitation.error).text}</Alert>;
  if (!invitation.data) return <PageSkeleton label={t('loading')} />;
  return (
    <section className="public-card" aria-labelledby="invite-title">
      <h1 id="invite-title">{enrollee ? t('invite.enrolleeTitle') : t('invite.title')}</h1>
      <p className="public-card__lead">{t('invite.lead')}</p>
      <form onSubmit={formik.handleSubmit} noValidate className="public-form">
        <TextField label="E-mail" type="email" value={invitation.data.email} readOnly hint={t('invite.emailHint')} />
        <TextField label={t('register.firstName.label')} autoComplete="given-name" {...field('firstName')} />
        <TextField label={t('register.lastName.label')} autoComplete="family-name" {...field('lastName')} />
        <TextField label={t('register.password.label')} type="password" autoComplete="new-password" {...field('password')} />
        {!enrollee && (
          <TextField
            label={t('register.confirm.label')}
            type="password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
        )}
        <BirthdayField
          value={formik.values.birthday}
          onChange={(value) => void formik.setFieldValue('birthday', value)}
          error={errorOf('birthday')}
        />
        {typeof formik.status === 'string' && <Alert kind="danger">{formik.status}</Alert>}
        <Button type="submit" disabled={formik.isSubmitting} busy={formik.isSubmitting}>
          {formik.isSubmitting ? t('register.processing') : t('register.submit')}
        </Button>
      </form>
    </section>
  );
}
