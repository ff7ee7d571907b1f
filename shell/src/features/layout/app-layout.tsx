import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageStatus } from '@academy/shared/api';
import { rootPathFor } from '@academy/shared/domain';
import { useT } from '@academy/shared/i18n';
import { LanguageSwitch, LogoMark, Skeleton } from '@academy/shared/ui';
import { HelpButton } from './help-button';
import { NotificationBell } from './notification-bell';
import { ProfileMenu } from './profile-menu';

/** The frame of every signed-in area: header (its menus only in NORMAL status) and main content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const { status, profile } = usePageStatus();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          <Link to={rootPathFor(profile?.role.name)} className="header__brand" aria-label={t('header.home')}>
            <LogoMark />
            <span aria-hidden>{t('appName')}</span>
          </Link>
          <div className="header__actions">
            <LanguageSwitch />
            {status === 'NOT_READY' && <Skeleton width={120} height={32} />}
            {status === 'NORMAL' && profile && (
              <>
                <HelpButton />
                <NotificationBell />
                <ProfileMenu profile={profile} />
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main" className="app__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** Public pages (registration, recovery, legal): a light header, no account menus. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          <Link to="/" className="header__brand" aria-label={t('header.home')}>
            <LogoMark />
            <span aria-hidden>{t('appName')}</span>
          </Link>
          <div className="header__actions">
            <LanguageSwitch />
            <Link to="/login" className="btn btn--secondary">
              {t('login.submit')}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="app__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
