import { NavLink, useLocation } from 'react-router-dom';
import { useGetProfileQuery } from '@academy/shared/api';
import { areaOfPath, rootPathFor } from '@academy/shared/domain';
import { useT, type TextKey } from '../../i18n';
import './staff-nav.css';

export interface StaffNavItem {
  path: string;
  label: TextKey;
  roles: readonly string[];
}

/**
 * The staff menu: the home page and every screen the signed-in role may open, in its own area. `home`
 * is the role's staff home when its landing page is one of the screens (else its landing page).
 */
export function StaffNav({ screens, home = null }: { screens: readonly StaffNavItem[]; home?: string | null }) {
  const t = useT();
  const { pathname } = useLocation();
  const { data: profile } = useGetProfileQuery();
  const prefix = areaOfPath(pathname)?.prefix;
  if (!profile || !prefix) return null;
  const mine = screens.filter((screen) => screen.roles.includes(profile.role.name));
  if (mine.length === 0) return null;
  return (
    <nav className="staff-nav" aria-label={t('staff.menu')}>
      <NavLink to={home ?? rootPathFor(profile.role.name)} end className="staff-nav__link">
        {t('staff.title')}
      </NavLink>
      {mine.map((screen) => (
        <NavLink key={screen.path} to={`/${prefix}/${screen.path}`} className="staff-nav__link">
          {t(screen.label)}
        </NavLink>
      ))}
    </nav>
  );
}
