import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LANGUAGES, type Language } from '../contract';
import { format, isMessageKey, translate, type MessageKey } from './messages';

export { format, isMessageKey, translate };
export type { MessageKey };
export const DEFAULT_LANGUAGE: Language = 'ru';
const STORAGE_KEY = 'academy.lang';

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

interface I18nValue {
  language: Language;
  /** true when this browser holds an explicit choice (the switch was used here) */
  chosenHere: boolean;
  setLanguage(language: Language): void;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return LANGUAGES.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function hasStoredLanguage(): boolean {
  try {
    return LANGUAGES.includes(globalThis.localStorage?.getItem(STORAGE_KEY) as Language);
  } catch {
    return false;
  }
}

/** Russian by default; the choice is remembered in the browser and set as the page's lang. */
export function I18nProvider({ children, initial }: { children: ReactNode; initial?: Language }) {
  const [language, setLanguageState] = useState<Language>(() => initial ?? storedLanguage());
  const [chosenHere, setChosenHere] = useState(() => hasStoredLanguage());
  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    setChosenHere(true);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, next);
    } catch {
      // storage may be unavailable (private mode); the choice then lasts for this page only
    }
  }, []);
  useEffect(() => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  }, [language]);
  const value = useMemo<I18nValue>(
    () => ({ language, chosenHere, setLanguage, t: (key, params) => translate(language, key, params) }),
    [language, chosenHere, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current language, its setter and `t`. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

/** Shorthand for `useI18n().t`. */
export function useT(): Translate {
  return useI18n().t;
}

/** A server error in the user's language: its key's text when the catalogue has one, else the server's text. */
export function useServerText(): (failure: { text: string; key?: string }) => string {
  const t = useT();
  return useCallback(
    (failure: { text: string; key?: string }) => {
      const key = `server.${failure.key ?? ''}`;
      return failure.key && isMessageKey(key) ? t(key) : failure.text;
    },
    [t],
  );
}
