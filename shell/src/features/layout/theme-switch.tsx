import { useState } from 'react';
import { useT } from '../../i18n';
import { chooseTheme, readThemeChoice, THEME_CHOICES, type ThemeChoice } from '../../lib/theme';

const LABEL = { system: 'theme.system', light: 'theme.light', dark: 'theme.dark' } as const;

/** The profile menu's theme switch (issue 32): the system's, light or dark, as three pressed-state buttons. */
export function ThemeSwitch() {
  const t = useT();
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  return (
    <div className="theme-switch">
      <span id="theme-switch-label" className="theme-switch__label">
        {t('theme.label')}
      </span>
      <div className="lang-switch theme-switch__group" role="group" aria-labelledby="theme-switch-label">
        {THEME_CHOICES.map((option) => (
          <button
            key={option}
            type="button"
            className="lang-switch__btn"
            aria-pressed={choice === option}
            onClick={() => {
              chooseTheme(option);
              setChoice(option);
            }}
          >
            {t(LABEL[option])}
          </button>
        ))}
      </div>
    </div>
  );
}
