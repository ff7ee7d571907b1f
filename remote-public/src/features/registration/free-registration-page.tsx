import { useFormik } from 'formik';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api, useAcademyDispatch, notify, sessionApi, type ApiFailure } from '@academy/shared/api';
import { DIRECTIONS, freeRegistrationError, type Direction, type Language } from '@academy/shared/contract';
import { Alert, Button, TextField } from '@academy/shared/ui';
import { texts } from '../../i18n';
import { useRegisterFreeMutation } from '../../public-api';
import { BirthdayField, birthdayText, type BirthdayValue } from './birthday-field';

/** Spec 2 §9: the form is sent 200 ms after it passes validation. */
export const SUBMIT_DELAY = 200;

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  birthday: BirthdayValue;
}

/**
 * Free registration (spec 2 §2.10): /start is the regular programme, /demo the trial. The page is in
 * English when its last path segment is `en` (whatever the interface language), else in Russian.
 */
export function FreeRegistrationPage({ paymentType }: { paymentType: 'REGULAR' | 'TRIAL' }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAcademyDispatch();
  const [register, registering] = useRegisterFreeMutation();
  const language: Language = pathname.replace(/\/$/, '').endsWith('/en') ? 'en' : 'ru';
  const t = texts.useTIn(language);
  const direction = params.get('direction') as Direction | null;

  const formik = useFormik<Values & { form?: string }>({
    initialValues: { firstName: '', lastName: '', email: '', password: '', birthday: { day: '', month: '', year: '' } },
    validateOnBlur: false,
    validateOnChange: false,
    validate: (values) => {
      const key = freeRegistrationError({ ...values, birthday: birthdayText(values.birthday), direction, paymentType });
      return key ? { form: t(key) } : {};
    },
    onSubmit: async (values, helpers) => {
      await new Promise((resolve) => setTimeout(resolve, SUBMIT_DELAY));
      try {
        const profile = await register({
          language,
          form: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
            password: values.password,
            paymentType,
            direction: direction!,
            birthday: birthdayText(values.birthday),
          },
        }).unwrap();
        dispatch(api.util.resetApiState());
        await dispatch(sessionApi.util.upsertQueryData('getProfile', undefined, profile));
        dispatch(notify({ kind: 'success', message: t('register.success'), raw: true }));
        await navigate('/user/courses', { replace: true });
      } catch (error) {
        helpers.setErrors({ form: (error as ApiFailure).text });
      }
    },
  });

  if (!direction || !DIRECTIONS.includes(direction)) return <Navigate to="/" replace />;
  const busy = formik.isSubmitting || registering.isLoading;
  return (
    <section className="public-card" aria-labelledby="register-title" lang={language}>
      <h1 id="register-title">{paymentType === 'TRIAL' ? t('register.demoTitle') : t('register.title')}</h1>
      <p className="public-card__lead">{t('register.lead', { direction: t(`direction.${direction}`) })}</p>
      <form onSubmit={formik.handleSubmit} noValidate className="public-form">
        <TextField label={t('register.firstName.label')} autoComplete="given-name" {...formik.getFieldProps('firstName')} />
        <TextField label={t('register.lastName.label')} autoComplete="family-name" {...formik.getFieldProps('lastName')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...formik.getFieldProps('email')} />
        <TextField
          label={t('register.password.label')}
          type="password"
          autoComplete="new-password"
          {...formik.getFieldProps('password')}
        />
        <BirthdayField
          language={language}
          value={formik.values.birthday}
          onChange={(value) => void formik.setFieldValue('birthday', value)}
        />
        {formik.errors.form && <Alert kind="danger">{formik.errors.form}</Alert>}
        <Button type="submit" disabled={busy} busy={busy}>
          {busy ? t('register.processing') : t('register.submit')}
        </Button>
      </form>
      <p className="public-card__foot">
        {t('register.terms')} <Link to="/public_offer">{t('register.terms.offer')}</Link> {t('register.terms.and')}{' '}
        <Link to="/privacy_policy">{t('register.terms.privacy')}</Link>.
      </p>
      <p className="public-card__foot">
        {t('register.haveAccount')} <Link to="/login">{t('register.signIn')}</Link>
      </p>
    </section>
  );
}
