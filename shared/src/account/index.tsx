import { useFormik } from 'formik';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  failureOf,
  notify,
  sessionApi,
  useAcademyDispatch,
  useChangePasswordMutation,
  useGetProfileQuery,
  useUploadAvatarMutation,
} from '@academy/shared/api';
import { type LegalPageName, type Profile } from '@academy/shared/contract';
import { AVATAR_MAX_BYTES } from '@academy/shared/accounts';
import { rootPathFor } from '@academy/shared/domain';
import { useServerText, useT } from '@academy/shared/i18n';
import { lazyRemote, RemotePiece } from '@academy/shared/federation';
import { Alert, Button, Dialog, PageSkeleton, TextField, useDocumentTitle } from '@academy/shared/ui';
import { passwordChangeSchema, type PasswordChangeValues } from '@academy/shared/validation';

/** Spec 2 §9: after a required change, the user goes to their root page 300 ms after a profile refresh. */
export const PASSWORD_REDIRECT_DELAY = 300;

const NO_PASSWORDS: PasswordChangeValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The password change page every role has (spec 1 §2, spec 2 §2.14): three fields, all required,
 * 6–30 characters, the new password confirmed (the mismatch message shows and saving is disabled).
 */
export function PasswordChangePage() {
  const t = useT();
  useDocumentTitle(t('password.title'));
  const serverText = useServerText();
  const dispatch = useAcademyDispatch();
  const navigate = useNavigate();
  const profile = useGetProfileQuery().data;
  const [change] = useChangePasswordMutation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const forced = profile?.inactivation?.reason === 'PASSWORD_CHANGE_REQUIRED';

  const formik = useFormik<PasswordChangeValues>({
    initialValues: NO_PASSWORDS,
    validationSchema: passwordChangeSchema,
    onSubmit: async (values, helpers) => {
      try {
        const updated = await change({ oldPassword: values.oldPassword, newPassword: values.newPassword }).unwrap();
        dispatch(notify({ kind: 'success', message: 'password.updated' }));
        helpers.resetForm();
        if (forced && profile) {
          // the refreshed profile (no inactivation any more) lets the guards through
          await dispatch(sessionApi.util.upsertQueryData('getProfile', undefined, updated));
          timer.current = setTimeout(
            () => void navigate(rootPathFor(profile.role.name), { replace: true }),
            PASSWORD_REDIRECT_DELAY,
          );
        }
      } catch (caught) {
        const reason = failureOf(caught);
        helpers.setStatus(reason.status === 400 || reason.status === 429 ? serverText(reason) : t('password.failed'));
        dispatch(notify({ kind: 'danger', message: 'password.failed' }));
      }
    },
  });

  // formik's errors come a moment after a keystroke: the button follows the rules at once, as it always did
  const valid = passwordChangeSchema.isValidSync(formik.values);
  // a field shows its rule as it is typed (never "required": the disabled button says that)
  const shown = (name: keyof PasswordChangeValues, key: 'password.length' | 'password.mismatch') =>
    formik.errors[name] === key && t(key);
  const field = (name: keyof PasswordChangeValues) => ({
    ...formik.getFieldProps(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      // the server's refusal goes with the next change
      formik.setStatus(undefined);
      formik.handleChange(event);
    },
  });

  return (
    <section className="card account-card" aria-labelledby="password-title">
      <h1 id="password-title">{t('password.title')}</h1>
      {forced && <Alert kind="warning">{t('password.forced')}</Alert>}
      <form className="account-form" onSubmit={formik.handleSubmit} noValidate>
        <TextField label={t('password.old')} type="password" autoComplete="current-password" required {...field('oldPassword')} />
        <TextField
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          required
          error={shown('newPassword', 'password.length')}
          {...field('newPassword')}
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          required
          error={shown('confirmPassword', 'password.mismatch')}
          {...field('confirmPassword')}
        />
        {typeof formik.status === 'string' && <Alert kind="danger">{formik.status}</Alert>}
        <Button type="submit" disabled={!valid || formik.isSubmitting} busy={formik.isSubmitting}>
          {t('password.save')}
        </Button>
      </form>
    </section>
  );
}

/** Avatar change (spec 1 §2): gif, jpeg or png up to 2 MB; the server checks the content again. */
export function AvatarDialog({ profile, open, onClose }: { profile: Profile; open: boolean; onClose(): void }) {
  const t = useT();
  const serverText = useServerText();
  const dispatch = useAcademyDispatch();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, uploading] = useUploadAvatarMutation();

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    if (!['image/gif', 'image/jpeg', 'image/png'].includes(chosen.type)) setProblem(t('avatar.badType'));
    else if (chosen.size > AVATAR_MAX_BYTES) setProblem(t('avatar.tooLarge'));
    else setFile(chosen);
  };

  const save = async () => {
    if (!file) return;
    try {
      await upload({ userId: profile.id, file }).unwrap();
      dispatch(notify({ kind: 'success', message: 'avatar.updated' }));
      setFile(null);
      onClose();
    } catch (caught) {
      setProblem(serverText(failureOf(caught)));
      dispatch(notify({ kind: 'danger', message: 'avatar.failed' }));
    }
  };

  return (
    <Dialog
      open={open}
      title={t('avatar.title')}
      onClose={onClose}
      closeLabel={t('close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!file} busy={uploading.isLoading}>
            {t('avatar.save')}
          </Button>
        </>
      }
    >
      <div className="avatar-dialog">
        <img
          className="avatar avatar--large"
          src={preview ?? profile.avatarUrl ?? `/api/user/profile/${profile.id}/image`}
          alt=""
        />
        <label className="field" htmlFor={inputId}>
          <span className="field__label">{t('avatar.choose')}</span>
          <input id={inputId} type="file" accept="image/gif,image/jpeg,image/png" onChange={choose} />
        </label>
      </div>
      {problem && <Alert kind="danger">{problem}</Alert>}
    </Dialog>
  );
}

export type { LegalPageName };
export { DetailsDialog } from './details-dialog';

/** The public area owns the legal pages; the signed-in areas show them under their own paths. */
const PublicLegalPage = lazyRemote('public/LegalPage');

export function LegalPage({ page }: { page: LegalPageName }) {
  const t = useT();
  return (
    <RemotePiece
      component={PublicLegalPage}
      props={{ page }}
      loading={<PageSkeleton label={t('loading')} />}
      fallback={<Alert kind="danger">{t('legal.loadError')}</Alert>}
    />
  );
}
