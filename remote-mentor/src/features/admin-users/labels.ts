import type { Direction, InactivationReason, PaymentType, RoleName } from '@academy/shared/contract';
import { useT } from '../../i18n';

/** The names of roles, payment types, reasons and directions, for codes the server sends. */
export function useLabels() {
  const t = useT();
  return {
    role: (role: string) => t(`admin.role.${role as RoleName}`),
    payment: (type: string) => t(`admin.payment.${type as PaymentType}`),
    reason: (reason: string) => t(`admin.reason.${reason as InactivationReason}`),
    direction: (direction: Direction | null) => (direction ? t(`direction.${direction}`) : '—'),
  };
}
