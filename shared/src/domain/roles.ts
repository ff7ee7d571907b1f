import { isLearnerRole, type RoleName } from '../contract';

/** Students never see the global error alert (spec 1 §6). */
export function isLearner(role: RoleName | undefined): boolean {
  return isLearnerRole(role);
}
