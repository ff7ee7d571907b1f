import { isLearnerRole, LEARNER_ROLES, PAYMENT_TYPES, STAFF_ROLES, type AdminUser } from '@academy/shared/contract';
import { Alert } from '@academy/shared/ui';
import { useT } from '../../i18n';
import {
  useGetAdminMentorsQuery,
  useSetAdminUserMentorMutation,
  useSetAdminUserPaymentTypeMutation,
  useSetAdminUserRoleMutation,
} from './admin-api';
import { useLabels } from './labels';
import { ChoiceForm, Part, type Run } from './user-panel-kit';

const NO_MENTOR = '';

/** The user's role (a learner's among learners', staff among staff's). */
export function RolePart({ user, self, run }: { user: AdminUser; self: boolean; run: Run }) {
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
export function LearnerParts({ user, run }: { user: AdminUser; run: Run }) {
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
