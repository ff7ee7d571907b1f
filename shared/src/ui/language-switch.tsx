import { LANGUAGES } from '../contract';
import { useI18n } from '@academy/shared/i18n';

/** RU / EN toggle: a group of two pressed-state buttons. */
export function LanguageSwitch({ onChange }: { onChange?: (language: 'ru' | 'en') => void }) {
  const { language, setLanguage, t } = useI18n();
  return (
    <div className="lang-switch" role="group" aria-label={t('switchLanguage')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className="lang-switch__btn"
          aria-pressed={language === lang}
          onClick={() => {
            setLanguage(lang);
            onChange?.(lang);
          }}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
