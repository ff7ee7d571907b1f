import type { ReactElement } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { NotFoundPage } from '@academy/shared/ui';
import { LandingPage } from '../features/landing/landing-page';
import LegalPage from '../features/legal/legal-page';
import { MeetPage } from '../features/meet/meet-page';
import { RecoveryPage } from '../features/recovery/recovery-page';
import { FreeRegistrationPage } from '../features/registration/free-registration-page';
import { InvitationPage } from '../features/registration/invitation-page';
import '../public.css';

type Page = [pattern: string, render: (params: Record<string, string | undefined>) => ReactElement];

/** The public pages by their full paths (spec 2 §2.1): the shell mounts this area at each of them. */
const PAGES: Page[] = [
  ['/', () => <LandingPage />],
  ['/start', () => <FreeRegistrationPage paymentType="REGULAR" />],
  ['/start/en', () => <FreeRegistrationPage paymentType="REGULAR" />],
  ['/demo', () => <FreeRegistrationPage paymentType="TRIAL" />],
  ['/demo/en', () => <FreeRegistrationPage paymentType="TRIAL" />],
  ['/registration/enrollee/:hash', ({ hash }) => <InvitationPage enrollee hash={hash ?? ''} />],
  ['/registration/:hash', ({ hash }) => <InvitationPage enrollee={false} hash={hash ?? ''} />],
  ['/recovery-pass', () => <RecoveryPage />],
  ['/meet', () => <MeetPage />],
  ['/contacts', () => <LegalPage page="contacts" />],
  ['/legal_entity', () => <LegalPage page="legal_entity" />],
  ['/public_offer', () => <LegalPage page="public_offer" />],
  ['/privacy_policy', () => <LegalPage page="privacy_policy" />],
];

/**
 * The shell mounts the area at several exact paths, so the area matches full paths (like the staff
 * area) instead of paths relative to where it is mounted.
 */
export function PublicRoutes() {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  for (const [pattern, render] of PAGES) {
    const match = matchPath({ path: pattern, end: true }, path);
    if (match) return <div className="public-area">{render(match.params)}</div>;
  }
  return (
    <div className="public-area">
      <NotFoundPage />
    </div>
  );
}
