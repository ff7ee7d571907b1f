import type { LegalPageName } from '@academy/shared/account';
import { useI18n } from '@academy/shared/i18n';
import { Alert, PageSkeleton, useDocumentTitle } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { useGetSiteInfoQuery } from '../../public-api';
import { PublicOfferText, PublicOfferTextEn } from './offer-text';
import { PrivacyPolicyText, PrivacyPolicyTextEn } from './privacy-text';
import './legal.css';

/**
 * The static pages (spec 2 §2.16) with the details from the server's configuration, in the interface's
 * language (issue 29: the English journey stays English; the offer and the policy say the Russian text binds).
 * Exposed as `./LegalPage` too: the student and enrollee areas show them under /user/ and /enrollee/.
 */
export default function LegalPage({ page }: { page: LegalPageName }) {
  const t = useT();
  const { language } = useI18n();
  useDocumentTitle(t(`legal.title.${page}`));
  const site = useGetSiteInfoQuery();
  if (site.isError) return <Alert kind="danger">{t('legal.loadError')}</Alert>;
  if (!site.data) return <PageSkeleton label={t('loading')} />;
  const { supportEmail, supportPhone, website, socialGroup, helpBot, legalEntity } = site.data;
  const Offer = language === 'en' ? PublicOfferTextEn : PublicOfferText;
  const Privacy = language === 'en' ? PrivacyPolicyTextEn : PrivacyPolicyText;
  const email = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <article className="legal card" aria-labelledby="legal-title">
      <h1 id="legal-title">{t(`legal.title.${page}`)}</h1>
      {language !== 'ru' && (page === 'public_offer' || page === 'privacy_policy') && (
        <p className="legal__updated">{t('legal.translation')}</p>
      )}
      {page === 'contacts' && (
        <>
          <p>{t('legal.contacts.lead')}</p>
          <ul className="legal__links">
            <li>
              <a href={website} target="_blank" rel="noopener noreferrer">
                {t('legal.contacts.website')}
              </a>
            </li>
            <li>
              <a href={socialGroup} target="_blank" rel="noopener noreferrer">
                {t('legal.contacts.group')}
              </a>
            </li>
            <li>
              <a href={helpBot} target="_blank" rel="noopener noreferrer">
                {t('legal.contacts.bot')}
              </a>
            </li>
            <li>
              {t('legal.supportEmail')} {email}
            </li>
          </ul>
        </>
      )}
      {page === 'legal_entity' && (
        <>
          <dl className="legal__requisites">
            <dt>{t('legal.entity.seller')}</dt>
            <dd>{legalEntity.name}</dd>
            <dt>{t('legal.entity.taxId')}</dt>
            <dd>{legalEntity.taxId}</dd>
            <dt>{t('legal.entity.account')}</dt>
            <dd>{legalEntity.account}</dd>
            <dt>{t('legal.entity.bank')}</dt>
            <dd>{legalEntity.bank}</dd>
            <dt>{t('legal.entity.bankId')}</dt>
            <dd>{legalEntity.bankId}</dd>
            <dt>{t('legal.entity.correspondent')}</dt>
            <dd>{legalEntity.correspondentAccount}</dd>
          </dl>
          <h2>{t('legal.title.contacts')}</h2>
          <p>
            {t('legal.supportEmail')} {email}
            <br />
            {t('legal.phone')} <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>{supportPhone}</a>
          </p>
        </>
      )}
      {page === 'public_offer' && <Offer seller={legalEntity.name} supportEmail={supportEmail} />}
      {page === 'privacy_policy' && <Privacy supportEmail={supportEmail} />}
    </article>
  );
}
