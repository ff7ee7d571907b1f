import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { notify, useGetProfileQuery, type ApiFailure } from '@academy/shared/api';
import {
  INACTIVATION_REASONS,
  isLearnerRole,
  LEARNER_ROLES,
  PAYMENT_TYPES,
  reasonAllowedFor,
  STAFF_ROLES,
  type AdminChange,
  type AdminUser,
  type InactivationReason,
} from '@academy/shared/contract';
import { useI18n, useServerText } from '@academy/shared/i18n';
import { ActionRow, Alert, Button, Dialog, EmailText, SelectField, Skeleton } from '@academy/shared/ui';
import { DirectionCell } from '../../components/direction-cell';
import { useT, type TextKey } from '../../i18n';
import {
  useGetAdminMentorsQuery,
  useGetAdminUserQuery,
  useSetAdminUserBlockedMutation,
  useSetAdminUserInactivationMutation,
  useSetAdminUserMentorMutation,
  useSetAdminUserPaymentTypeMutation,
  useSetAdminUserRoleMutation,
} from './admin-api';
import { AuditLog } from './audit-log';
import { useLabels } from './labels';

const NO_MENTOR = '';

/** Runs a change: a notice of what happened (or that nothing had to), the server's refusal kept for the panel. */
function useChangeRunner(onRefused: (text: string | null) => void) {
  const dispatch = useDispatch();
  const serverText = useServerText();
  return async (action: () => Promise<AdminChange>, success: TextKey): Promise<boolean> => {
    onRefused(null);
    try {
      const { changed } = await action();
      dispatch(notify(changed ? { kind: 'success', message: success } : { kind: 'info', message: 'admin.unchanged' }));
      return true;
    } catch (error) {
      const text = serverText(error as ApiFailure);
      onRefused(text);
      dispatch(notify({ kind: 'danger', message: text, raw: true, timeout: 6000 }));
      return false;
    }
  };
}

type Run = ReturnType<typeof useChangeRunner>;

/** A titled part of the panel: one thing to change. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-panel__part" aria-labelledby={id}>
      <h3 id={id} className="admin-panel__part-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One select and its Save button: the form of a role, a payment type or a mentor. */
function ChoiceForm({
  label,
  initial,
  options,
  busy,
  disabled = false,
  onSave,
}: {
  label: string;
  initial: string;
  options: Array<{ value: string; label: string }>;
  busy: boolean;
  disabled?: boolean;
  onSave(value: string): void;
}) {
  const t = useT();
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value);
  };
  return (
    <form className="admin-panel__choice" aria-label={label} onSubmit={submit} noValidate>
      <SelectField label={label} value={value} disabled={disabled} onChange={(event) => setValue(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" busy={busy} disabled={disabled || value === initial}>
        {t('admin.save')}
      </Button>
    </form>
  );
}

/** The user's role (a learner's among learners', staff among staff's). */
function RolePart({ user, self, run }: { user: AdminUser; self: boolean; run: Run }) {
  const t = useT();
  const labels = useLabels();
  const [setRole, state] = useSetAdminUserRoleMutation();
  const roles = isLearnerRole(user.role) ? LEARNER_ROLES : STAFF_ROLES;
  return (
    <Part title={t('admin.panel.role')}>
      <ChoiceForm
        key={user.role}
        label={t('admin.panel.roleLabel')}
        initial={user.role}
        options={roles.map((role) => ({ value: role, label: labels.role(role) }))}
        busy={state.isLoading}
        disabled={self}
        onSave={(role) => void run(() => setRole({ id: user.id, role: role as AdminUser['role'] }).unwrap(), 'admin.saved.role')}
      />
      <p className="admin-panel__hint">{self ? t('admin.panel.selfRole') : t('admin.panel.roleHint')}</p>
    </Part>
  );
}

/** A learner's payment type and mentor. */
function LearnerParts({ user, run }: { user: AdminUser; run: Run }) {
  const t = useT();
  const labels = useLabels();
  const mentors = useGetAdminMentorsQuery();
  const [setPayment, paying] = useSetAdminUserPaymentTypeMutation();
  const [setMentor, mentoring] = useSetAdminUserMentorMutation();
  const current = user.mentor ? String(user.mentor.id) : NO_MENTOR;
  const mentorOptions = [
    { value: NO_MENTOR, label: t('admin.panel.noMentor') },
    ...(mentors.data ?? []).map((m) => ({ value: String(m.id), label: `${m.firstName} ${m.lastName}`.trim() })),
  ];
  // the current mentor stays selectable in the list even if they are no longer one
  if (user.mentor && !mentorOptions.some((o) => o.value === current)) {
    mentorOptions.push({ value: current, label: `${user.mentor.firstName} ${user.mentor.lastName}`.trim() });
  }
  return (
    <>
      <Part title={t('admin.panel.payment')}>
        <ChoiceForm
          key={user.paymentType ?? 'none'}
          label={t('admin.panel.paymentLabel')}
          initial={user.paymentType ?? ''}
          options={[
            ...(user.paymentType ? [] : [{ value: '', label: t('admin.log.none') }]),
            ...PAYMENT_TYPES.map((type) => ({ value: type, label: labels.payment(type) })),
          ]}
          busy={paying.isLoading}
          onSave={(type) =>
            void run(
              () => setPayment({ id: user.id, paymentType: type as (typeof PAYMENT_TYPES)[number] }).unwrap(),
              'admin.saved.payment',
            )
          }
        />
      </Part>
      <Part title={t('admin.panel.mentor')}>
        {mentors.isError && <Alert kind="danger">{t('admin.panel.mentorsError')}</Alert>}
        <ChoiceForm
          key={`${current}-${mentors.data ? 'loaded' : 'loading'}`}
          label={t('admin.panel.mentorLabel')}
          initial={current}
          options={mentorOptions}
          busy={mentoring.isLoading}
          disabled={!mentors.data}
          onSave={(value) =>
            void run(
              () => setMentor({ id: user.id, mentorId: value === NO_MENTOR ? null : Number(value) }).unwrap(),
              value === NO_MENTOR ? 'admin.saved.mentorRemoved' : 'admin.saved.mentor',
            )
          }
        />
      </Part>
    </>
  );
}

/** The inactivation reason: what it is now and what it means, set another, lift it, require a password change. */
function AccessPart({ user, self, run }: { user: AdminUser; self: boolean; run: Run }) {
  const t = useT();
  const labels = useLabels();
  const [setReason, state] = useSetAdminUserInactivationMutation();
  const allowed = INACTIVATION_REASONS.filter((reason) => reasonAllowedFor(reason, user) && reason !== user.inactivationReason);
  const [choice, setChoice] = useState<string>('');
  const apply = (reason: InactivationReason | null, success: TextKey) =>
    void run(() => setReason({ id: user.id, reason }).unwrap(), success).then((done) => done && setChoice(''));
  return (
    <Part title={t('admin.panel.access')}>
      {user.inactivationReason ? (
        <Alert kind="warning">
          <p className="admin-panel__reason">{labels.reason(user.inactivationReason)}</p>
          <p>{t(`admin.reasonMeaning.${user.inactivationReason}`)}</p>
        </Alert>
      ) : (
        <p className="admin-panel__hint">{t('admin.panel.noReason')}</p>
      )}
      {self ? (
        <p className="admin-panel__hint">{t('admin.panel.selfAccess')}</p>
      ) : (
        <>
          <form
            className="admin-panel__choice"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (choice) apply(choice as InactivationReason, 'admin.saved.reasonSet');
            }}
          >
            <SelectField label={t('admin.panel.reasonLabel')} value={choice} onChange={(event) => setChoice(event.target.value)}>
              <option value="">{t('admin.panel.chooseReason')}</option>
              {allowed.map((reason) => (
                <option key={reason} value={reason}>
                  {labels.reason(reason)}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="secondary" busy={state.isLoading && choice !== ''} disabled={!choice}>
              {t('admin.panel.setReason')}
            </Button>
          </form>
          {choice && <p className="admin-panel__hint">{t(`admin.reasonMeaning.${choice as InactivationReason}`)}</p>}
          <ActionRow>
            {user.inactivationReason !== 'PASSWORD_CHANGE_REQUIRED' && (
              <Button variant="secondary" onClick={() => apply('PASSWORD_CHANGE_REQUIRED', 'admin.saved.passwordRequired')}>
                {t('admin.panel.requirePassword')}
              </Button>
            )}
            {user.inactivationReason && (
              <Button variant="secondary" onClick={() => apply(null, 'admin.saved.reasonLifted')}>
                {t('admin.panel.liftReason')}
              </Button>
            )}
          </ActionRow>
        </>
      )}
    </Part>
  );
}

/** Block (after a confirmation saying every session ends) or unblock. */
function BlockPart({ user, self, run }: { user: AdminUser; self: boolean; run: Run }) {
  const t = useT();
  const [setBlocked, state] = useSetAdminUserBlockedMutation();
  const [confirming, setConfirming] = useState(false);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const block = async (blocked: boolean) => {
    const done = await run(
      () => setBlocked({ id: user.id, blocked }).unwrap(),
      blocked ? 'admin.saved.blocked' : 'admin.saved.unblocked',
    );
    if (done) setConfirming(false);
  };
  return (
    <Part title={t('admin.panel.block')}>
      {self ? (
        <p className="admin-panel__hint">{t('admin.panel.selfBlock')}</p>
      ) : user.blocked ? (
        <>
          <p className="admin-panel__hint">{t('admin.panel.blockedNow')}</p>
          <Button variant="secondary" busy={state.isLoading} onClick={() => void block(false)}>
            {t('admin.panel.unblock')}
          </Button>
        </>
      ) : confirming ? (
        <Alert kind="warning">
          <p>{t('admin.panel.blockConfirm', { name: fullName })}</p>
          <ActionRow>
            <Button variant="danger" busy={state.isLoading} onClick={() => void block(true)}>
              {t('admin.panel.blockYes')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </ActionRow>
        </Alert>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('admin.panel.blockStart')}
        </Button>
      )}
    </Part>
  );
}

/** Who the user is: e-mail, role, direction, since when, last sign-in, state. */
function Summary({ user }: { user: AdminUser }) {
  const t = useT();
  const labels = useLabels();
  const { formatDateTime } = useI18n();
  return (
    <dl className="admin-panel__summary">
      <dt>{t('login.email')}</dt>
      <dd>
        <EmailText email={user.email} />
      </dd>
      <dt>{t('admin.column.role')}</dt>
      <dd>{labels.role(user.role)}</dd>
      <dt>{t('admin.column.direction')}</dt>
      <dd>
        <DirectionCell direction={user.direction} name={labels.direction} />
      </dd>
      <dt>{t('admin.panel.created')}</dt>
      <dd>{formatDateTime(user.createdAt)}</dd>
      <dt>{t('admin.column.lastSignIn')}</dt>
      <dd>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('admin.never')}</dd>
    </dl>
  );
}

/**
 * A user's panel (a dialog): who they are, then each change an administrator may make (role, payment
 * type and mentor for learners, the inactivation reason, the block) and the log of their changes. A
 * refusal of the server stays above the parts until the next change.
 */
export function UserPanel({ userId, onClose }: { userId: number | null; onClose(): void }) {
  const t = useT();
  const { data: profile } = useGetProfileQuery();
  const user = useGetAdminUserQuery(userId ?? 0, { skip: userId === null });
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = useChangeRunner(setRefusal);
  const logTitle = useId();
  const data = user.data && user.data.id === userId ? user.data : undefined;
  const self = data !== undefined && profile?.id === data.id;
  const close = () => {
    setRefusal(null);
    onClose();
  };

  return (
    <Dialog
      open={userId !== null}
      title={data ? `${data.firstName} ${data.lastName}`.trim() : t('admin.panel.title')}
      onClose={close}
      closeLabel={t('close')}
      width={720}
    >
      {user.isError ? (
        <Alert kind="danger">{(user.error as ApiFailure).text || t('admin.loadError')}</Alert>
      ) : !data ? (
        <div className="admin-panel__skeleton" role="status" aria-label={t('loading')}>
          <Skeleton height={18} />
          <Skeleton width="70%" height={18} />
          <Skeleton height={44} />
        </div>
      ) : (
        <div className="admin-panel">
          <Summary user={data} />
          {self && <Alert kind="info">{t('admin.panel.self')}</Alert>}
          {refusal && <Alert kind="danger">{refusal}</Alert>}
          <RolePart user={data} self={self} run={run} />
          {isLearnerRole(data.role) && <LearnerParts user={data} run={run} />}
          <AccessPart key={data.inactivationReason ?? 'none'} user={data} self={self} run={run} />
          <BlockPart user={data} self={self} run={run} />
          <section className="admin-panel__part" aria-labelledby={logTitle}>
            <h3 id={logTitle} className="admin-panel__part-title">
              {t('admin.panel.log')}
            </h3>
            <AuditLog userId={data.id} labelledBy={logTitle} />
          </section>
        </div>
      )}
    </Dialog>
  );
}
