import { Link } from 'react-router-dom';
import { useT, type TextKey } from '../../i18n';
import { legalPathOf, type AreaLegalPage } from '../../lib/inactivation';

const LINKS: Array<{ page: AreaLegalPage; label: TextKey }> = [
  { page: 'contacts', label: 'footer.contacts' },
  { page: 'legal_entity', label: 'footer.legalEntity' },
  { page: 'public_offer', label: 'footer.publicOffer' },
  { page: 'privacy_policy', label: 'footer.privacyPolicy' },
];

/**
 * Spec 1 §2: the footer of the student and enrollee areas, with the area's contacts, legal-entity,
 * public-offer and (as the landing page's, issue 29) privacy-policy pages, in the interface's language.
 */
export function AreaFooter({ prefix }: { prefix: string }) {
  const t = useT();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav aria-label={t('footer.label')}>
          <ul className="footer__links">
            {LINKS.map(({ page, label }) => (
              <li key={page}>
                <Link to={legalPathOf(prefix, page)}>{t(label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
