import { useId, useState } from 'react';
import { failureOf, useGetProfileQuery } from '@academy/shared/api';
import { isLearnerRole, type AdminUser } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { Alert, Dialog, EmailText, Skeleton } from '@academy/shared/ui';
import { DirectionCell } from '../../components/direction-cell';
import { useT } from '../../i18n';
import { useGetAdminUserQuery } from './admin-api';
import { AuditLog } from './audit-log';
import { useLabels } from './labels';
import { AccessPart, BlockPart } from './user-panel-access';
import { LearnerParts, RolePart } from './user-panel-choices';
import { useChangeRunner } from './user-panel-kit';

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
        <Alert kind="danger">{failureOf(user.error).text || t('admin.loadError')}</Alert>
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
