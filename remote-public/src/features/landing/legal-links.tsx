import { Link } from 'react-router-dom';
import type { LegalPageName } from '@academy/shared/contract';
import { useT } from '../../i18n';

/** The legal pages in the order the footers list them. */
export const LEGAL_PAGES: readonly LegalPageName[] = ['contacts', 'legal_entity', 'public_offer', 'privacy_policy'];

/** The landing page's footer links, named in the interface's language. */
export function LegalLinks() {
  const t = useT();
  return LEGAL_PAGES.map((page) => (
    <Link key={page} to={`/${page}`}>
      {t(`legal.title.${page}`)}
    </Link>
  ));
}
