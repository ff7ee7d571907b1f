import { useLocation } from 'react-router-dom';
import { PasswordChangePage } from '@academy/shared/account';
import { PASSWORD_PATH_BY_ROLE, ROOT_PATH_BY_ROLE } from '@academy/shared/domain';
import { NotFoundPage } from '@academy/shared/ui';
import { StaffHome } from '../features/students/staff-home';

const trim = (path: string) => path.replace(/\/+$/, '');

/** Each staff role's landing page (spec 1 §2) is the staff home; other staff pages come later. */
const STAFF_HOMES = new Set(
  Object.entries(ROOT_PATH_BY_ROLE)
    .filter(([role]) => role !== 'PAY_STUDENT' && role !== 'STUDENT')
    .map(([, path]) => trim(path)),
);

/** Each staff role's password page (spec 1 §2: /admin/edit/password, /mentor/edit/password, …). */
const PASSWORD_PAGES = new Set(
  Object.entries(PASSWORD_PATH_BY_ROLE)
    .filter(([role]) => role !== 'PAY_STUDENT' && role !== 'STUDENT')
    .map(([, path]) => path),
);

/** The app is mounted under several prefixes (/admin/*, /mentor/*, ...), so it matches full paths. */
export function MentorRoutes() {
  const { pathname } = useLocation();
  if (STAFF_HOMES.has(trim(pathname))) return <StaffHome />;
  if (PASSWORD_PAGES.has(trim(pathname))) return <PasswordChangePage />;
  return <NotFoundPage />;
}
