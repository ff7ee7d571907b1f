import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Profile } from '@academy/shared/contract';
import { PASSWORD_PATH_BY_ROLE } from '@academy/shared/domain';
import { useT } from '../../i18n';
import { useExit } from '../../lib/use-exit';
import { LogoutIcon, Popover } from '@academy/shared/ui';

// Issue 14: the avatar form (formik, yup and the account pieces) loads when it is opened, not with every page
const AvatarDialog = lazy(async () => ({ default: (await import('@academy/shared/account')).AvatarDialog }));
const DetailsDialog = lazy(async () => ({ default: (await import('@academy/shared/account')).DetailsDialog }));
// issue 32: the theme switch comes with the open menu, not with every page
const loadThemeSwitch = () => import('./theme-switch');
const ThemeSwitch = lazy(async () => ({ default: (await loadThemeSwitch()).ThemeSwitch }));

/**
 * Spec 2 §2.1: a default image when the user has none (the silhouette the server draws at
 * `/api/user/profile/{id}/image`, drawn here too so the header makes no request for it).
 */
function DefaultAvatar() {
  return (
    <svg className="avatar avatar--default" viewBox="0 0 96 96" aria-hidden focusable={false}>
      <rect width="96" height="96" fill="var(--color-primary-soft)" />
      <circle cx="48" cy="38" r="18" fill="#9aa3d9" />
      <path d="M14 92c4-20 18-30 34-30s30 10 34 30" fill="#9aa3d9" />
    </svg>
  );
}

export function ProfileMenu({ profile }: { profile: Profile }) {
  const t = useT();
  const { exit, exiting } = useExit();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const passwordPage = PASSWORD_PATH_BY_ROLE[profile.role.name];

  return (
    <>
      <Popover
        label={t('header.profileMenu')}
        trigger={(props) => (
          <button
            type="button"
            className="avatar-btn"
            aria-label={`${t('header.profileMenu')}: ${profile.firstName} ${profile.lastName}`}
            // the switch's chunk is on its way while the pointer or the focus is on the button
            onPointerEnter={() => void loadThemeSwitch()}
            onFocus={() => void loadThemeSwitch()}
            {...props}
          >
            {profile.avatarUrl ? <img src={profile.avatarUrl} alt="" className="avatar" /> : <DefaultAvatar />}
          </button>
        )}
      >
        {(close) => (
          <div>
            <div className="profile-menu__who">
              <span className="profile-menu__name">
                {profile.firstName} {profile.lastName}
              </span>
              <span className="profile-menu__role">
                {t('header.signedInAs')} {t(`role.${profile.role.name}`)}
              </span>
            </div>
            <ul className="menu-list">
              <li>
                <button
                  type="button"
                  className="menu-list__item"
                  onClick={() => {
                    // the menu closes behind the dialog (which returns the focus to the menu's button)
                    close();
                    setAvatarOpen(true);
                  }}
                >
                  {t('avatar.change')}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className="menu-list__item"
                  onClick={() => {
                    close();
                    setDetailsOpen(true);
                  }}
                >
                  {t('header.editDetails')}
                </button>
              </li>
              {passwordPage && (
                <li>
                  <Link to={passwordPage} className="menu-list__item" onClick={close}>
                    {t('header.changePassword')}
                  </Link>
                </li>
              )}
              <li>
                <button type="button" className="menu-list__item" onClick={() => void exit()} disabled={exiting}>
                  <LogoutIcon /> {t('header.exit')}
                </button>
              </li>
            </ul>
            <Suspense fallback={<div className="theme-switch theme-switch--loading" aria-hidden />}>
              <ThemeSwitch />
            </Suspense>
          </div>
        )}
      </Popover>
      {avatarOpen && (
        <Suspense fallback={null}>
          <AvatarDialog profile={profile} open onClose={() => setAvatarOpen(false)} />
        </Suspense>
      )}
      {detailsOpen && (
        <Suspense fallback={null}>
          <DetailsDialog profile={profile} onClose={() => setDetailsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
