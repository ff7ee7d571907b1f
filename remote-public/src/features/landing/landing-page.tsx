import { Link } from 'react-router-dom';
import { DIRECTIONS } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { useDocumentTitle, usePrerenderedHandoff } from '@academy/shared/ui';
import { DirectionIcon } from '@academy/shared/ui/direction';
import { useT } from '../../i18n';
import { LegalLinks } from './legal-links';

/** `/` for visitors (spec 2 §2.1): what the academy offers, its directions with free registration, sign-in. */
export function LandingPage() {
  const t = useT();
  useDocumentTitle(t('landing.pageTitle'));
  // the registration pages in English have their own address (spec 2 §2.1: /start/en, /demo/en)
  const en = useI18n().language === 'en' ? '/en' : '';
  // the server sends this page prerendered to visitors: this one takes its place
  usePrerenderedHandoff();
  return (
    <div className="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <h1 id="landing-title">{t('landing.title')}</h1>
        <p className="landing__lead">{t('landing.lead')}</p>
        <div className="landing__actions">
          <a href="#directions" className="btn btn--primary">
            {t('landing.choose')}
          </a>
          <Link to="/login" className="btn btn--secondary">
            {t('landing.signIn')}
          </Link>
        </div>
      </section>
      <section className="landing__features" aria-label={t('landing.featuresLabel')}>
        {(['landing.feature1', 'landing.feature2', 'landing.feature3'] as const).map((key) => (
          <div key={key} className="card landing__feature">
            <h2>{t(`${key}.title`)}</h2>
            <p>{t(`${key}.text`)}</p>
          </div>
        ))}
      </section>
      <section id="directions" className="landing__directions" aria-labelledby="directions-title">
        <h2 id="directions-title">{t('landing.directions')}</h2>
        <ul className="landing__grid">
          {DIRECTIONS.map((direction) => (
            <li key={direction} className="card landing__direction">
              <h3 className="landing__direction-title">
                <DirectionIcon direction={direction} size={36} />
                {t(`direction.${direction}`)}
              </h3>
              <p>{t(`landing.about.${direction}`)}</p>
              <div className="landing__direction-actions">
                <Link
                  className="btn btn--primary"
                  to={`/start${en}?direction=${direction}`}
                  aria-label={`${t('landing.startFree')}: ${t(`direction.${direction}`)}`}
                >
                  {t('landing.startFree')}
                </Link>
                <Link
                  className="btn btn--ghost"
                  to={`/demo${en}?direction=${direction}`}
                  aria-label={`${t('landing.tryDemo')}: ${t(`direction.${direction}`)}`}
                >
                  {t('landing.tryDemo')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <footer className="landing__footer">
        <LegalLinks />
      </footer>
    </div>
  );
}
