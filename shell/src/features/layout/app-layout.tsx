import { NavigationProgress } from './navigation-progress';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageStatus, useSelectLanguageMutation } from '@academy/shared/api';
import { STAFF_ROLES, type Profile } from '@academy/shared/contract';
import { areaOfPath, ROLE_PAGES, rootPathFor } from '@academy/shared/domain';
import { useI18n } from '@academy/shared/i18n';
import { useT } from '../../i18n';
import { LEGAL_AREAS } from '../../lib/inactivation';
import { LanguageSwitch, LogoMark, Skeleton, usePrerenderedFrameHandoff } from '@academy/shared/ui';
import { AreaFooter } from './footer';
import { HelpButton } from './help-button';
import { NotificationBell } from './notification-bell';
import { ProfileMenu } from './profile-menu';

/** Skip link, sticky header with the logo, the main landmark and a footer when given: shared by every layout. */
function Frame({
  home,
  actions,
  footer,
  children,
}: {
  home: string;
  actions: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="app">
      <NavigationProgress />
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          <Link to={home} className="header__brand" aria-label={t('header.home')}>
            <LogoMark />
            <span aria-hidden>{t('appName')}</span>
          </Link>
          <div className="header__actions">{actions}</div>
        </div>
      </header>
      <main id="main" className="app__main" tabIndex={-1}>
        {children}
      </main>
      {footer}
    </div>
  );
}

/**
 * The user's language lives on the server too (`POST /api/locale/select_lang`; e-mails and server texts
 * follow it). On a browser where nobody chose yet, the saved choice applies; a choice made here (also
 * on the sign-in page) is saved for the user.
 */
function useRememberedLanguage(profile: Profile | undefined) {
  const { language, chosenHere, setLanguage } = useI18n();
  const [select] = useSelectLanguageMutation();
  const synced = useRef<number | null>(null);
  useEffect(() => {
    if (!profile || synced.current === profile.id) return;
    synced.current = profile.id;
    if (!chosenHere) setLanguage(profile.language);
    else if (profile.language !== language) void select(language);
  }, [profile, chosenHere, language, setLanguage, select]);
  return (next: 'ru' | 'en') => {
    if (profile) void select(next);
  };
}

/**
 * The frame of every signed-in area: header (its menus only in NORMAL status; for a user with an
 * inactivation reason only the profile menu, whose calls the server still allows), main content, and
 * in the student and enrollee areas the footer with the legal pages.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { status, profile } = usePageStatus();
  const { pathname } = useLocation();
  const t = useT();
  const saveLanguage = useRememberedLanguage(profile);
  // the server sends a signed-in area's frame prerendered (header and page skeleton): this one replaces
  // it; a student's page prerendered with its content is replaced by that page once it has its data
  usePrerenderedFrameHandoff();
  const prefix = areaOfPath(pathname)?.prefix;
  const active = !profile?.inactivation;
  // a staff member viewing a student's pages (issue 29, item 21): the way back to their own work
  const staffHome =
    status === 'FAKE' && profile && STAFF_ROLES.includes(profile.role.name) ? ROLE_PAGES[profile.role.name].home : null;
  return (
    <Frame
      home={rootPathFor(profile?.role.name)}
      actions={
        <>
          <LanguageSwitch onChange={saveLanguage} />
          {status === 'NOT_READY' && <Skeleton width={120} height={32} />}
          {staffHome && (
            <Link to={staffHome} className="btn btn--secondary">
              {t('header.backToWork')}
            </Link>
          )}
          {status === 'NORMAL' && profile && (
            <>
              {active && <HelpButton />}
              {active && <NotificationBell />}
              <ProfileMenu profile={profile} />
            </>
          )}
        </>
      }
      footer={prefix && LEGAL_AREAS.includes(prefix) ? <AreaFooter prefix={prefix} /> : undefined}
    >
      {children}
    </Frame>
  );
}

/** Public pages (registration, recovery, legal): a light header, no account menus. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Frame
      home="/"
      actions={
        <>
          <LanguageSwitch />
          <Link to="/login" className="btn btn--secondary">
            {t('login.submit')}
          </Link>
        </>
      }
    >
      {children}
    </Frame>
  );
}
