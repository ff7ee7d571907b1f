import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { AvatarDialog } from '@academy/shared/account';
import { api, useSignOutMutation } from '@academy/shared/api';
import type { Profile } from '@academy/shared/contract';
import { PASSWORD_PATH_BY_ROLE } from '@academy/shared/domain';
import { useT } from '../../i18n';
import { LogoutIcon, Popover } from '@academy/shared/ui';

function initials(profile: Profile): string {
  return `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase();
}

export function ProfileMenu({ profile }: { profile: Profile }) {
  const t = useT();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [signOut, { isLoading }] = useSignOutMutation();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const passwordPage = PASSWORD_PATH_BY_ROLE[profile.role.name];

  // Leave the page first: once the session is gone, a call still running on it (the bell's poll)
  // would answer 401 and the session-end listener would open /login without the farewell notice.
  const exit = async () => {
    await navigate('/login?param=logout', { replace: true });
    await signOut()
      .unwrap()
      .catch(() => undefined);
    dispatch(api.util.resetApiState());
  };

  return (
    <>
      <Popover
        label={t('header.profileMenu')}
        trigger={(props) => (
          <button
            type="button"
            className="avatar-btn"
            aria-label={`${t('header.profileMenu')}: ${profile.firstName} ${profile.lastName}`}
            {...props}
          >
            {profile.avatarUrl ? (
              <img src={profile.avatarUrl} alt="" className="avatar" />
            ) : (
              <span className="avatar avatar--initials">{initials(profile)}</span>
            )}
          </button>
        )}
      >
        {() => (
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
                <button type="button" className="menu-list__item" onClick={() => setAvatarOpen(true)}>
                  {t('avatar.change')}
                </button>
              </li>
              {passwordPage && (
                <li>
                  <Link to={passwordPage} className="menu-list__item">
                    {t('header.changePassword')}
                  </Link>
                </li>
              )}
              <li>
                <button type="button" className="menu-list__item" onClick={exit} disabled={isLoading}>
                  <LogoutIcon /> {t('header.exit')}
                </button>
              </li>
            </ul>
          </div>
        )}
      </Popover>
      <AvatarDialog profile={profile} open={avatarOpen} onClose={() => setAvatarOpen(false)} />
    </>
  );
}
