import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api, failureOf, sessionApi, useAcademyDispatch, useSignInMutation, useValidateUserMutation } from '@academy/shared/api';
import { LOGIN_NOTICES, rootPathFor, signInErrorKey, type LoginParam } from '@academy/shared/domain';
import { isMessageKey, useServerText } from '@academy/shared/i18n';
import { useT, type TextKey } from '../../i18n';
import {
  Alert,
  Button,
  Checkbox,
  LanguageSwitch,
  LogoMark,
  TextField,
  useDocumentTitle,
  usePrerenderedHandoff,
} from '@academy/shared/ui';
import { loginSchema } from '@academy/shared/validation';

/** Spec 1 §4: after a successful sign-in the user is sent to their page after 300 ms. */
export const SIGN_IN_REDIRECT_DELAY = 300;

// a refusal with the server's own text (the wait of a throttled sign-in), or one of our keys
type Outcome = { kind: 'error'; key: TextKey } | { kind: 'refused'; text: string } | { kind: 'success' } | null;

export function LoginPage() {
  const t = useT();
  useDocumentTitle(t('login.pageTitle'));
  const serverText = useServerText();
  const navigate = useNavigate();
  const dispatch = useAcademyDispatch();
  const [params] = useSearchParams();
  const [validateUser] = useValidateUserMutation();
  const [signIn] = useSignInMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  // the server sends this page prerendered: this one takes its place, with what was typed there
  usePrerenderedHandoff();

  const param = params.get('param');
  const notice = param && param in LOGIN_NOTICES ? LOGIN_NOTICES[param as LoginParam] : null;

  const formik = useFormik({
    initialValues: { username: '', password: '', rememberMe: false },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setOutcome(null);
      const credentials = { username: values.username.trim(), password: values.password, rememberMe: values.rememberMe };
      try {
        // Spec 1 §4: validate the credentials first, then ask for the session.
        const valid = await validateUser(credentials).unwrap();
        if (!valid) {
          setOutcome({ kind: 'error', key: 'WrongLoginOrPassword' });
          return;
        }
        const profile = await signIn(credentials).unwrap();
        dispatch(api.util.resetApiState());
        await dispatch(sessionApi.util.upsertQueryData('getProfile', undefined, profile));
        setOutcome({ kind: 'success' });
        await new Promise<void>((resolve) => {
          redirectTimer.current = setTimeout(resolve, SIGN_IN_REDIRECT_DELAY);
        });
        await navigate(rootPathFor(profile.role.name), { replace: true });
      } catch (error) {
        const failure = failureOf(error);
        const key = signInErrorKey(failure.key);
        // too many attempts: the server's text says how many seconds to wait
        if (key === 'tooManyAttempts' && failure.text) setOutcome({ kind: 'refused', text: serverText(failure) });
        else setOutcome({ kind: 'error', key });
      }
    },
  });

  const fieldError = (name: 'username' | 'password') => {
    const message = formik.touched[name] && formik.errors[name];
    return message && isMessageKey(message) ? t(message) : message || undefined;
  };
  const busy = formik.isSubmitting || outcome?.kind === 'success';

  return (
    <div className="login">
      <div className="login__top">
        <LanguageSwitch />
      </div>
      <main id="main" className="login__card card">
        <div className="login__brand">
          <LogoMark />
          <span>{t('appName')}</span>
        </div>
        <h1 className="login__title">{t('login.title')}</h1>
        <p className="login__subtitle">{t('login.subtitle')}</p>
        {notice && (
          <Alert kind={notice.kind} className="login__notice">
            {t(notice.key)}
          </Alert>
        )}
        {outcome?.kind === 'error' && <Alert kind="danger">{t(outcome.key)}</Alert>}
        {outcome?.kind === 'refused' && <Alert kind="danger">{outcome.text}</Alert>}
        {outcome?.kind === 'success' && <Alert kind="success">{t('login.success')}</Alert>}
        <form onSubmit={formik.handleSubmit} noValidate>
          <TextField
            label={t('login.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            error={fieldError('username')}
            {...formik.getFieldProps('username')}
          />
          <TextField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            error={fieldError('password')}
            {...formik.getFieldProps('password')}
          />
          <Checkbox label={t('login.rememberMe')} {...formik.getFieldProps({ name: 'rememberMe', type: 'checkbox' })} />
          <Button type="submit" block busy={busy}>
            {busy ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
        <p className="login__links">
          <Link to="/recovery-pass">{t('login.forgot')}</Link>
          <span>
            {t('login.noAccount')} <Link to="/">{t('login.register')}</Link>
          </span>
        </p>
      </main>
    </div>
  );
}
