import { useFormik } from 'formik';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { failureIf, failureOf, notify } from '@academy/shared/api';
import { type Language } from '@academy/shared/contract';
import { isEmail, passwordChangeError } from '@academy/shared/accounts';
import { useI18n } from '@academy/shared/i18n';
import { useT } from '../../i18n';
import { Alert, Button, PageSkeleton, TextField, useDocumentTitle } from '@academy/shared/ui';
import { useCheckRecoveryTokenQuery, useResetPasswordMutation, useSendRecoveryLinkMutation } from '../../public-api';

/** Without a token: the e-mail form (spec 2 §2.11). The answer is the same whether or not the account exists. */
function RequestLink({ language }: { language: Language }) {
  const t = useT();
  useDocumentTitle(t('recovery.title'));
  const dispatch = useDispatch();
  const [send, sending] = useSendRecoveryLinkMutation();
  const [sent, setSent] = useState(false);
  const formik = useFormik({
    initialValues: { email: '' },
    validate: (values) => (isEmail(values.email.trim()) ? {} : { email: t('register.email') }),
    onSubmit: async ({ email }) => {
      try {
        await send({ email: email.trim(), language }).unwrap();
        setSent(true);
        dispatch(notify({ kind: 'success', message: 'recovery.linkSent' }));
      } catch (error) {
        const failure = failureOf(error);
        dispatch(
          notify({
            kind: 'danger',
            message: failure.status === 429 || failure.status === 400 ? failure.text : t('recovery.serverError'),
            raw: true,
          }),
        );
      }
    },
  });
  return (
    <section className="public-card" aria-labelledby="recovery-title" aria-busy={sending.isLoading}>
      <h1 id="recovery-title">{t('recovery.title')}</h1>
      {sent ? (
        <Alert kind="success">{t('recovery.linkSentLong')}</Alert>
      ) : (
        <>
          <p className="public-card__lead">{t('recovery.lead')}</p>
          <form onSubmit={formik.handleSubmit} noValidate className="public-form">
            <TextField
              label="E-mail"
              type="email"
              autoComplete="email"
              error={formik.touched.email && formik.errors.email}
              {...formik.getFieldProps('email')}
            />
            <Button type="submit" busy={sending.isLoading} disabled={sending.isLoading}>
              {t('recovery.send')}
            </Button>
          </form>
        </>
      )}
      <p className="public-card__foot">
        <Link to="/login">{t('recovery.backToLogin')}</Link>
      </p>
    </section>
  );
}

/** With a token: the link is checked, then a new password (6–30, confirmed) is set. */
function SetNewPassword({ token, language }: { token: string; language: Language }) {
  const t = useT();
  const navigate = useNavigate();
  const check = useCheckRecoveryTokenQuery({ token, language });
  const [reset] = useResetPasswordMutation();
  const invalid = failureIf(check.error)?.status === 400;
  useDocumentTitle(
    check.isLoading ? null : t(check.error ? (invalid ? 'recovery.invalidTitle' : 'recovery.title') : 'recovery.newTitle'),
  );
  const formik = useFormik<{ password: string; confirmPassword: string; form?: string }>({
    initialValues: { password: '', confirmPassword: '' },
    validateOnBlur: false,
    validateOnChange: false,
    validate: (values) => {
      const key = passwordChangeError({
        oldPassword: 'unused',
        newPassword: values.password,
        confirmPassword: values.confirmPassword,
      });
      return key ? { form: t(key) } : {};
    },
    onSubmit: async (values, helpers) => {
      try {
        await reset({ token, password: values.password, confirmPassword: values.confirmPassword, locale: language }).unwrap();
        await navigate('/login?param=successRecovery', { replace: true });
      } catch (error) {
        helpers.setErrors({ form: failureOf(error).text });
      }
    },
  });
  if (check.isLoading) return <PageSkeleton label={t('loading')} />;
  if (check.error) {
    return (
      <section className="public-card" aria-labelledby="recovery-title">
        <h1 id="recovery-title">{invalid ? t('recovery.invalidTitle') : t('recovery.title')}</h1>
        <Alert kind="danger">{invalid ? t('recovery.invalidText') : t('recovery.serverError')}</Alert>
        {invalid && (
          <p>
            <Link to="/recovery-pass">{t('recovery.askNew')}</Link> {t('recovery.orBack')}{' '}
            <Link to="/">{t('recovery.toMain')}</Link>
          </p>
        )}
      </section>
    );
  }
  return (
    <section className="public-card" aria-labelledby="recovery-title">
      <h1 id="recovery-title">{t('recovery.newTitle')}</h1>
      <form onSubmit={formik.handleSubmit} noValidate className="public-form">
        <TextField label={t('password.new')} type="password" autoComplete="new-password" {...formik.getFieldProps('password')} />
        <TextField
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          {...formik.getFieldProps('confirmPassword')}
        />
        {formik.errors.form && <Alert kind="danger">{formik.errors.form}</Alert>}
        <Button type="submit" busy={formik.isSubmitting} disabled={formik.isSubmitting}>
          {t('password.save')}
        </Button>
      </form>
    </section>
  );
}

/** `/recovery-pass?token=&lang=` (spec 2 §2.11). */
export function RecoveryPage() {
  const { language: uiLanguage } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  const lang = params.get('lang');
  const language: Language = lang === 'en' || lang === 'ru' ? lang : uiLanguage;
  return token ? <SetNewPassword token={token} language={language} /> : <RequestLink language={language} />;
}
