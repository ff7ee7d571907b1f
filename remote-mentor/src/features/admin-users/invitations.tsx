import { useFormik } from 'formik';
import { useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { object, string } from 'yup';
import { failureOf, notify } from '@academy/shared/api';
import {
  DIRECTIONS,
  LANGUAGES,
  LEARNER_ROLES,
  PAYMENT_TYPES,
  type Direction,
  type InvitationLink,
  type Language,
  type LearnerRole,
  type PaymentType,
  type PendingInvitation,
} from '@academy/shared/contract';
import { isEmail } from '@academy/shared/accounts';
import { useI18n, useServerText } from '@academy/shared/i18n';
import { ActionRow, Alert, Button, EmailText, SelectField, Skeleton, TextField } from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import { useT } from '../../i18n';
import { useCreateInvitationMutation, useGetPendingInvitationsQuery, useRevokeInvitationMutation } from './admin-api';
import { useLabels } from './labels';

interface InvitationValues {
  email: string;
  role: LearnerRole;
  paymentType: PaymentType;
  direction: Direction | '';
  language: Language;
}

const EMPTY: InvitationValues = { email: '', role: 'PAY_STUDENT', paymentType: 'UNTIL_PAID', direction: '', language: 'ru' };

/** The form's rules (the messages are keys of the area's catalogue); the server checks them again. */
const invitationSchema = object({
  email: string()
    .trim()
    .required('admin.invite.emailRequired')
    .test('email', 'admin.invite.emailInvalid', (value) => isEmail(value ?? '')),
  direction: string().required('admin.invite.directionRequired'),
});

/** The link just made: to copy, with where it was mailed and until when it works. */
function MadeLink({ made, email, onDone }: { made: InvitationLink; email: string; onDone(): void }) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.link);
      setCopied(true);
    } catch {
      // no clipboard (an insecure page, a refusal): select the text so the keyboard can copy it
      field.current?.select();
    }
  };
  return (
    <Alert kind="success">
      <p>{t('admin.invite.made', { email, until: formatDateTime(made.expiresAt) })}</p>
      <div className="admin-invite__link">
        <TextField ref={field} label={t('admin.invite.link')} value={made.link} readOnly onFocus={(e) => e.target.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('admin.invite.copied') : t('admin.invite.copy')}
        </Button>
      </div>
      <Button variant="ghost" onClick={onDone}>
        {t('admin.invite.another')}
      </Button>
    </Alert>
  );
}

/** The invitation form (formik + yup): e-mail, role, payment type, direction, the e-mail's language. */
function InvitationForm() {
  const t = useT();
  const labels = useLabels();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const [create] = useCreateInvitationMutation();
  const [made, setMade] = useState<{ link: InvitationLink; email: string } | null>(null);
  const formik = useFormik<InvitationValues>({
    initialValues: EMPTY,
    validationSchema: invitationSchema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      const email = values.email.trim();
      try {
        const link = await create({
          email,
          role: values.role,
          paymentType: values.paymentType,
          direction: values.direction as Direction,
          language: values.language,
        }).unwrap();
        setMade({ link, email });
        dispatch(notify({ kind: 'success', message: 'admin.invite.sent' }));
        helpers.resetForm();
      } catch (error) {
        helpers.setStatus(serverText(failureOf(error)));
      }
    },
  });
  const error = (name: 'email' | 'direction') => {
    const key = formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined;
    return key ? t(key as 'admin.invite.emailRequired') : undefined;
  };

  if (made) return <MadeLink made={made.link} email={made.email} onDone={() => setMade(null)} />;
  return (
    <form className="admin-invite__form" onSubmit={formik.handleSubmit} noValidate>
      {typeof formik.status === 'string' && <Alert kind="danger">{formik.status}</Alert>}
      <TextField
        label={t('admin.invite.email')}
        type="email"
        autoComplete="off"
        maxLength={254}
        required
        error={error('email')}
        {...formik.getFieldProps('email')}
      />
      <SelectField label={t('admin.invite.role')} {...formik.getFieldProps('role')}>
        {LEARNER_ROLES.map((role) => (
          <option key={role} value={role}>
            {labels.role(role)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('admin.invite.payment')} {...formik.getFieldProps('paymentType')}>
        {PAYMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {labels.payment(type)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('admin.invite.direction')} required error={error('direction')} {...formik.getFieldProps('direction')}>
        <option value="">{t('admin.invite.chooseDirection')}</option>
        {DIRECTIONS.map((direction) => (
          <option key={direction} value={direction}>
            {labels.direction(direction)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('admin.invite.language')} {...formik.getFieldProps('language')}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`admin.language.${language}`)}
          </option>
        ))}
      </SelectField>
      <ActionRow>
        <Button type="submit" busy={formik.isSubmitting}>
          {t('admin.invite.submit')}
        </Button>
      </ActionRow>
    </form>
  );
}

/** The invitations not yet used, expired or revoked, each revocable. */
function PendingList({ labelledBy }: { labelledBy: string }) {
  const t = useT();
  const labels = useLabels();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const { formatDateTime } = useI18n();
  const pending = useGetPendingInvitationsQuery();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const act = async (invitation: PendingInvitation) => {
    try {
      await revoke(invitation.id).unwrap();
      dispatch(notify({ kind: 'success', message: 'admin.invite.revoked' }));
    } catch (error) {
      dispatch(notify({ kind: 'danger', message: serverText(failureOf(error)), raw: true, timeout: 6000 }));
    }
  };
  return (
    <QueryState
      query={pending}
      skeleton={
        <div className="admin-users__skeleton" role="status" aria-label={t('loading')}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      }
      error={t('admin.invite.loadError')}
      empty={<p className="admin-users__empty">{t('admin.invite.none')}</p>}
    >
      {(invitations) => (
        <ul className="admin-invite__list" aria-labelledby={labelledBy}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className="admin-invite__item">
              <div>
                <strong className="admin-invite__email">
                  <EmailText email={invitation.email} />
                </strong>
                <span className="admin-invite__meta">
                  {labels.role(invitation.role)} · {labels.payment(invitation.paymentType)} ·{' '}
                  {labels.direction(invitation.direction)}
                </span>
                <span className="admin-invite__meta">
                  {t('admin.invite.until', { time: formatDateTime(invitation.expiresAt) })}
                  {invitation.createdBy &&
                    `, ${t('admin.invite.by', { name: `${invitation.createdBy.firstName} ${invitation.createdBy.lastName}`.trim() })}`}
                </span>
              </div>
              <Button
                variant="secondary"
                busy={revoking.isLoading && revoking.originalArgs === invitation.id}
                aria-label={t('admin.invite.revokeFor', { email: invitation.email })}
                onClick={() => void act(invitation)}
              >
                {t('admin.invite.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** Invitations: the form, the link it makes (also e-mailed), and the pending ones. */
export function Invitations() {
  const t = useT();
  const newTitle = useId();
  const pendingTitle = useId();
  return (
    <div className="admin-invite">
      <section className="card admin-invite__card" aria-labelledby={newTitle}>
        <h3 id={newTitle} className="admin-users__subtitle">
          {t('admin.invite.new')}
        </h3>
        <p className="admin-panel__hint">{t('admin.invite.lead')}</p>
        <InvitationForm />
      </section>
      <div className="card admin-invite__card">
        <h3 id={pendingTitle} className="admin-users__subtitle">
          {t('admin.invite.pending')}
        </h3>
        <PendingList labelledBy={pendingTitle} />
      </div>
    </div>
  );
}
