import { lazy, Suspense, type ReactElement } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { NotFoundPage, PageSkeleton } from '@academy/shared/ui';
import { LandingPage } from '../features/landing/landing-page';
import { MeetPage } from '../features/meet/meet-page';
import { useT } from '../i18n';
import '../public.css';

// the offer and privacy texts load with the legal pages only
const LegalPage = lazy(() => import('../features/legal/legal-page'));
// the forms (formik, yup, the shared rules) load with the pages that have them: the landing, the area's
// most visited page, needs none of them
const FreeRegistrationPage = lazy(async () => ({
  default: (await import('../features/registration/free-registration-page')).FreeRegistrationPage,
}));
const InvitationPage = lazy(async () => ({ default: (await import('../features/registration/invitation-page')).InvitationPage }));
const RecoveryPage = lazy(async () => ({ default: (await import('../features/recovery/recovery-page')).RecoveryPage }));

/** Which build of the area this is (ACADEMY_BUILD_LABEL at build time): says what a deploy changed. */
const BUILD_VERSION = process.env.ACADEMY_BUILD_VERSION ?? 'dev';

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
  const t = useT();
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const match = PAGES.map(([pattern, render]) => ({ render, found: matchPath({ path: pattern, end: true }, path) })).find(
    ({ found }) => found,
  );
  return (
    <div className="public-area">
      <Suspense fallback={<PageSkeleton label={t('loading')} />}>
        {match?.found ? match.render(match.found.params) : <NotFoundPage />}
      </Suspense>
      <p className="public-area__build">{t('public.build', { version: BUILD_VERSION })}</p>
    </div>
  );
}
