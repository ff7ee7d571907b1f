import type { LegalPageName } from '@academy/shared/account';
import { useT } from '../../i18n';
import { Alert, PageSkeleton } from '@academy/shared/ui';
import { useGetSiteInfoQuery } from '../../public-api';
import { PublicOfferText } from './offer-text';
import { PrivacyPolicyText } from './privacy-text';
import './legal.css';

/**
 * The static pages (spec 2 §2.16), Russian only, with the details from the server's configuration.
 * Exposed as `./LegalPage` too: the student and enrollee areas show them under /user/ and /enrollee/.
 */
export default function LegalPage({ page }: { page: LegalPageName }) {
  const t = useT();
  const site = useGetSiteInfoQuery();
  if (site.isError) return <Alert kind="danger">{t('legal.loadError')}</Alert>;
  if (!site.data) return <PageSkeleton label={t('loading')} />;
  const { supportEmail, supportPhone, website, socialGroup, helpBot, legalEntity } = site.data;
  const titles: Record<LegalPageName, string> = {
    contacts: 'Контакты',
    legal_entity: 'Реквизиты',
    public_offer: 'Публичная оферта',
    privacy_policy: 'Политика конфиденциальности',
  };
  return (
    <article className="legal card" lang="ru" aria-labelledby="legal-title">
      <h1 id="legal-title">{titles[page]}</h1>
      {page === 'contacts' && (
        <>
          <p>По любым вопросам пишите нам:</p>
          <ul className="legal__links">
            <li>
              <a href={website} target="_blank" rel="noopener noreferrer">
                Сайт Академии
              </a>
            </li>
            <li>
              <a href={socialGroup} target="_blank" rel="noopener noreferrer">
                Группа Академии в социальной сети
              </a>
            </li>
            <li>
              <a href={helpBot} target="_blank" rel="noopener noreferrer">
                Чат-бот помощи
              </a>
            </li>
            <li>
              Почта поддержки: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </li>
          </ul>
        </>
      )}
      {page === 'legal_entity' && (
        <>
          <dl className="legal__requisites">
            <dt>Исполнитель</dt>
            <dd>{legalEntity.name}</dd>
            <dt>ИНН</dt>
            <dd>{legalEntity.taxId}</dd>
            <dt>Расчётный счёт (рубли)</dt>
            <dd>{legalEntity.account}</dd>
            <dt>Банк</dt>
            <dd>{legalEntity.bank}</dd>
            <dt>БИК</dt>
            <dd>{legalEntity.bankId}</dd>
            <dt>Корреспондентский счёт</dt>
            <dd>{legalEntity.correspondentAccount}</dd>
          </dl>
          <h2>Контакты</h2>
          <p>
            Почта поддержки: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            <br />
            Бесплатный телефон: <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>{supportPhone}</a>
          </p>
        </>
      )}
      {page === 'public_offer' && <PublicOfferText seller={legalEntity.name} supportEmail={supportEmail} />}
      {page === 'privacy_policy' && <PrivacyPolicyText supportEmail={supportEmail} />}
    </article>
  );
}
