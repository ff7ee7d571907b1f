import { useFormik } from 'formik';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api, failureOf, notify, sessionApi, useAcademyDispatch } from '@academy/shared/api';
import { DIRECTIONS, type Direction, type Language } from '@academy/shared/contract';
import { freeRegistrationErrors } from '@academy/shared/accounts';
import { useI18n } from '@academy/shared/i18n';
import { Alert, Button, TextField, useDocumentTitle } from '@academy/shared/ui';
import { DirectionIcon } from '@academy/shared/ui/direction';
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
 * English when its last path segment is `en` (whatever the interface language), else in the
 * interface's language (issue 29: the English journey stays English). Every field's error shows at once.
 */
export function FreeRegistrationPage({ paymentType }: { paymentType: 'REGULAR' | 'TRIAL' }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAcademyDispatch();
  const [register, registering] = useRegisterFreeMutation();
  const ui = useI18n();
  const language: Language = pathname.replace(/\/$/, '').endsWith('/en') ? 'en' : ui.language;
  const t = texts.useTIn(language);
  const direction = params.get('direction') as Direction | null;
  useDocumentTitle(paymentType === 'TRIAL' ? t('register.demoTitle') : t('register.title'), language);

  const formik = useFormik<Values>({
    initialValues: { firstName: '', lastName: '', email: '', password: '', birthday: { day: '', month: '', year: '' } },
    validateOnBlur: false,
    validate: (values) => {
      const errors = freeRegistrationErrors({ ...values, birthday: birthdayText(values.birthday), direction, paymentType });
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
    },
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
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
        helpers.setStatus(failureOf(error).text);
      }
    },
  });

  if (!direction || !DIRECTIONS.includes(direction)) return <Navigate to="/" replace />;
  const busy = formik.isSubmitting || registering.isLoading;
  // the fields' errors show once the form has been sent, then follow the typing
  const errorOf = (field: keyof Values) => (formik.submitCount > 0 ? (formik.errors[field] as string | undefined) : undefined);
  const field = (name: Exclude<keyof Values, 'birthday'>) => ({ ...formik.getFieldProps(name), error: errorOf(name) });
  return (
    <section className="public-card" aria-labelledby="register-title" lang={language}>
      <h1 id="register-title">{paymentType === 'TRIAL' ? t('register.demoTitle') : t('register.title')}</h1>
      <p className="public-card__lead register__lead">
        <DirectionIcon direction={direction} size={32} />
        <span>{t('register.lead', { direction: t(`direction.${direction}`) })}</span>
      </p>
      <form onSubmit={formik.handleSubmit} noValidate className="public-form">
        <TextField label={t('register.firstName.label')} autoComplete="given-name" {...field('firstName')} />
        <TextField label={t('register.lastName.label')} autoComplete="family-name" {...field('lastName')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
        <TextField label={t('register.password.label')} type="password" autoComplete="new-password" {...field('password')} />
        <BirthdayField
          language={language}
          value={formik.values.birthday}
          onChange={(value) => void formik.setFieldValue('birthday', value)}
          error={errorOf('birthday')}
        />
        {typeof formik.status === 'string' && <Alert kind="danger">{formik.status}</Alert>}
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
