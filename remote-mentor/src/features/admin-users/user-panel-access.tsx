import { useFormik } from 'formik';
import { useState } from 'react';
import { object, string } from 'yup';
import { INACTIVATION_REASONS, reasonAllowedFor, type AdminUser, type InactivationReason } from '@academy/shared/contract';
import { ActionRow, Alert, Button, SelectField } from '@academy/shared/ui';
import { useT, type TextKey } from '../../i18n';
import { useSetAdminUserBlockedMutation, useSetAdminUserInactivationMutation } from './admin-api';
import { useLabels } from './labels';
import { Part, type Run } from './user-panel-kit';

/** The reason form's one rule: a reason chosen (the message a key of the area's catalogue). */
const reasonSchema = object({ reason: string().required('admin.panel.chooseReason') });

/** The inactivation reason: what it is now and what it means, set another, lift it, require a password change. */
export function AccessPart({ user, self, run }: { user: AdminUser; self: boolean; run: Run }) {
  const t = useT();
  const labels = useLabels();
  const [setReason, state] = useSetAdminUserInactivationMutation();
  const allowed = INACTIVATION_REASONS.filter((reason) => reasonAllowedFor(reason, user) && reason !== user.inactivationReason);
  const change = (reason: InactivationReason | null, success: TextKey) =>
    run(() => setReason({ id: user.id, reason }).unwrap(), success);
  const formik = useFormik({
    initialValues: { reason: '' },
    validationSchema: reasonSchema,
    onSubmit: async ({ reason }, helpers) => {
      if (await change(reason as InactivationReason, 'admin.saved.reasonSet')) helpers.resetForm();
    },
  });
  const choice = formik.values.reason;
  // the buttons beside the form also leave it empty once their change is made
  const apply = (reason: InactivationReason | null, success: TextKey) =>
    void change(reason, success).then((done) => done && formik.resetForm());
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
          <form className="admin-panel__choice" noValidate onSubmit={formik.handleSubmit}>
            <SelectField label={t('admin.panel.reasonLabel')} {...formik.getFieldProps('reason')}>
              <option value="">{t('admin.panel.chooseReason')}</option>
              {allowed.map((reason) => (
                <option key={reason} value={reason}>
                  {labels.reason(reason)}
                </option>
              ))}
            </SelectField>
            <Button
              type="submit"
              variant="secondary"
              busy={state.isLoading && choice !== ''}
              disabled={!reasonSchema.isValidSync(formik.values)}
            >
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
export function BlockPart({ user, self, run }: { user: AdminUser; self: boolean; run: Run }) {
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
