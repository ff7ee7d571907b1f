import { Link, useNavigate } from 'react-router-dom';
import { useGetProfileQuery, useSignOutMutation } from '@academy/shared/api';
import { isLearner, rootPathFor } from '@academy/shared/domain';
import { useT, type MessageKey } from '@academy/shared/i18n';
import { useDocumentTitle } from './use-document-title';

/**
 * Spec 2 §2.17: a big 404 and "page not found"; staff (not STUDENT or PAY_STUDENT) are told which
 * role they are signed in as, with links to their panel, to sign out, or to fix the link.
 */
export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  const navigate = useNavigate();
  // A visitor's 401 here is harmless: the shell only signs out users who were signed in.
  const { data: profile } = useGetProfileQuery();
  const [signOut] = useSignOutMutation();
  const role = profile?.role.name;
  const staff = role !== undefined && !isLearner(role);
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden>
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {t('notFound.title')}
      </h1>
      {staff ? (
        <p className="not-found__text">
          {t('notFound.signedInAs', { role: t(`role.${role}` as MessageKey) })}{' '}
          <Link to={rootPathFor(role)}>{t('notFound.adminPanel')}</Link>,{' '}
          <button
            type="button"
            className="link-btn"
            onClick={async () => {
              await signOut()
                .unwrap()
                .catch(() => undefined);
              await navigate('/login?param=logout');
            }}
          >
            {t('notFound.logout')}
          </button>{' '}
          {t('notFound.fixLink')}.
        </p>
      ) : (
        <p className="not-found__text">
          <Link to={profile ? rootPathFor(role) : '/'}>{t('notFound.toMain')}</Link>
        </p>
      )}
    </section>
  );
}
