import { useLocation } from 'react-router-dom';
import { LegalPage, PasswordChangePage } from '@academy/shared/account';
import type { Profile } from '@academy/shared/contract';
import { ROLE_PAGES } from '@academy/shared/domain';
import { legalPageAt, normalisePath } from '../../lib/inactivation';
import { InactivePage } from './inactive-page';

/**
 * What the shell shows in place of an area to a user with an inactivation reason, at the paths the
 * guard leaves them (lib/inactivation.ts): the role's password page, the area's legal pages, and the
 * reason's page. The area's remote is not mounted, so none of its calls meets the server's refusal.
 */
export function InactiveArea({ profile }: { profile: Profile }) {
  const { pathname } = useLocation();
  if (normalisePath(pathname) === ROLE_PAGES[profile.role.name].password) return <PasswordChangePage />;
  const legal = legalPageAt(pathname);
  if (legal) return <LegalPage page={legal} />;
  return <InactivePage profile={profile} />;
}
