import { createContext, use, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LANGUAGES, type Language } from '../contract';
import {
  CATALOGUES,
  format,
  formatNumber,
  hasText,
  isMessageKey,
  languageFailed,
  languageLoaded,
  loadLanguage,
  registerCatalogues,
  retryLanguage,
  showLanguage,
  textIn,
  translate,
  translateAny,
  type Catalogue,
  type CatalogueSource,
  type Catalogues,
  type MessageKey,
  type MessageParams,
} from './messages';
import { clockIn, dateTimeFormat, dayInstant, todayIn } from './format';

export {
  dateTimeFormat,
  format,
  formatNumber,
  hasText,
  isMessageKey,
  languageLoaded,
  loadLanguage,
  registerCatalogues,
  showLanguage,
  translate,
  translateAny,
};
export type { Catalogue, CatalogueSource, Catalogues, MessageKey, MessageParams };
export const DEFAULT_LANGUAGE: Language = 'ru';
const STORAGE_KEY = 'academy.lang';

/** The locale each language formats dates in (day before month in English too, as the academy's users expect). */
export const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB' };

/** The month names of the language, January first (`январь`, …), from `Intl`. */
export function monthNames(language: Language): string[] {
  const names = dateTimeFormat(LOCALES[language], { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => names.format(Date.UTC(2000, month, 1)));
}

/** `t` of the common keys, or (from an area's `defineTexts`) of the area's keys and the common ones. */
export type Translate<K extends string = MessageKey> = (key: K, params?: MessageParams) => string;

interface I18nValue {
  language: Language;
  /** true when this browser holds an explicit choice (the switch was used here) */
  chosenHere: boolean;
  setLanguage(language: Language): void;
  t: Translate;
  /** any key a registered area or the common catalogue has (a toast's key); the key itself otherwise */
  text(key: string, params?: MessageParams): string;
  /** a date and time the language's way (`12 мар. 2026 г., 14:05`) */
  formatDateTime(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  /** a number the language's way */
  formatNumber(value: number): string;
  /** the zone days and times are shown in: the reader's on a server render, undefined for the browser's own */
  timeZone: string | undefined;
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

/**
 * Russian by default; the choice is remembered in the browser and set as the page's lang. The texts of
 * a language other than Russian load first (a chunk per build): the page waits for them when it starts
 * in that language, and a switch happens once they are here (the last one asked for wins). Texts that
 * cannot come (offline) leave the page in its language on a switch, and read as Russian at the start.
 */
export function I18nProvider({
  children,
  initial,
  timeZone,
}: {
  children: ReactNode;
  initial?: Language;
  /** the zone times are shown in (a server render: the browser's, from its cookie); the browser's own without it */
  timeZone?: string;
}) {
  const [language, setLanguageState] = useState<Language>(() => {
    const first = initial ?? storedLanguage();
    showLanguage(first);
    return first;
  });
  const [chosenHere, setChosenHere] = useState(() => hasStoredLanguage());
  /** the language last asked for: a switch whose texts arrive after a later one is dropped */
  const requested = useRef(language);
  /** the language shown now, for a switch that fails */
  const shownNow = useRef(language);
  const setLanguage = useCallback((next: Language) => {
    requested.current = next;
    const apply = () => {
      if (requested.current !== next) return;
      setLanguageState(next);
      setChosenHere(true);
      try {
        globalThis.localStorage?.setItem(STORAGE_KEY, next);
      } catch {
        // storage may be unavailable (private mode); the choice then lasts for this page only
      }
    };
    // areas that register from now on load the new language's texts at once
    showLanguage(next);
    retryLanguage(next);
    if (languageLoaded(next)) apply();
    else
      void loadLanguage(next).then(() => {
        // offline, the texts cannot come: the page stays in its language (the switch works again later)
        if (!languageFailed(next)) apply();
        else if (requested.current === next) {
          requested.current = shownNow.current;
          showLanguage(shownNow.current);
        }
      });
  }, []);
  useEffect(() => {
    shownNow.current = language;
    if (typeof document === 'undefined') return;
    document.documentElement.lang = language;
    // The server prerenders the sign-in and landing pages in this language next time (issue 14). The
    // cookie exists only for a language other than the default one, which the server assumes without it.
    document.cookie =
      language === DEFAULT_LANGUAGE
        ? 'academy_lang=; path=/; max-age=0; samesite=lax'
        : `academy_lang=${language}; path=/; max-age=31536000; samesite=lax`;
  }, [language]);
  const value = useMemo<I18nValue>(
    () => ({
      language,
      chosenHere,
      setLanguage,
      t: (key, params) => translate(language, key, params),
      text: (key, params) => translateAny(language, key, params),
      formatDateTime: (value, options = { dateStyle: 'medium', timeStyle: 'short' }) =>
        // an explicit zone in the options (a day written as UTC midnight: `timeZone: 'UTC'`) is kept
        dateTimeFormat(LOCALES[language], timeZone ? { timeZone, ...options } : options).format(new Date(value)),
      formatNumber: (value) => formatNumber(language, value),
      timeZone,
    }),
    [language, chosenHere, setLanguage, timeZone],
  );
  // The page's first render waits for its language's texts (the prerendered page stays in view): nothing
  // is rendered meanwhile. Only the first: later, an area whose texts are not here yet waits in its own
  // loading state (its useT suspends), and the rest of the page stays as it is.
  const [started, setStarted] = useState(() => languageLoaded(language));
  useEffect(() => {
    if (started) return;
    let live = true;
    void loadLanguage(language).then(() => live && setStarted(true));
    return () => {
      live = false;
    };
  }, [started, language]);
  if (!started) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current language, its setter and `t`. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

/**
 * Today (`yyyy-mm-dd`) where the reader is, as the page first rendered it: the same day on the server's
 * copy (the reader's zone from its cookie) and on the live page (the browser's zone), so that a page
 * built around today (reports, reviews, statistics) hands over without a change.
 */
export function useToday(): string {
  const { timeZone } = useI18n();
  return useMemo(() => todayIn(timeZone), [timeZone]);
}

export { clockIn, dayInstant, todayIn };

/** Shorthand for `useI18n().t`. */
export function useT(): Translate {
  return useI18n().t;
}

/**
 * A server error as the user reads it: the server's own text, which it writes in the reader's language
 * (their saved language, else this interface's `academy_lang` cookie, else the browser's). The browser
 * keeps no copy of the server's error texts (issue 14: ~4 KB brotli on every page, in each language).
 * A hook, so that a page that shows server errors needs no change if the texts ever move again.
 */
export function useServerText(): (failure: { text: string; key?: string }) => string {
  return serverText;
}

const serverText = (failure: { text: string; key?: string }) => failure.text;

/**
 * What an area's `defineTexts` gives it: its `useT`, typed to its own keys (K), those of its base when
 * it is a part of an area (all of them: T), and the common ones.
 */
export interface AreaTexts<K extends string, T extends string = K> {
  /** the area's (or part's) own texts, for tests and tools */
  readonly catalogues: Catalogues<K>;
  useT(): Translate<T | MessageKey>;
  /**
   * `t` in a given language, for a page whose language is not the interface's (/start/en): the
   * component waits (suspends) until that language's texts are here
   */
  useTIn(language: Language): Translate<T | MessageKey>;
  /** `t` in a given language, outside React (texts not loaded yet read as Russian) */
  translateIn(language: Language): Translate<T | MessageKey>;
}

/**
 * Declares an area's catalogue (ru is the source of its keys, en must have them all) and registers it,
 * so the area's texts ship and update with the area itself; the shell's toasts find its keys too.
 * Call it once at module level in the area's `i18n` module: it runs when the area's code loads. English
 * is best given as a loader of its own chunk (`en: () => import('./en').then((m) => m.en)`): a page in
 * Russian never fetches it.
 *
 * A part of an area (the texts of pages that load on demand, declared in a module only they import, so
 * the texts travel in their chunk) names the area's texts as its `base`: its `t` knows the part's keys,
 * the area's and the common ones.
 */
export function defineTexts<K extends string, B extends string = never>(
  area: string,
  sources: { ru: Catalogue<K>; en: CatalogueSource<NoInfer<K>> },
  base?: AreaTexts<string, B>,
): AreaTexts<K, K | B> {
  const registered = registerCatalogues(area, sources);
  const catalogues = registered.catalogues as Catalogues<K>;
  const translateIn =
    (language: Language): Translate<K | B | MessageKey> =>
    (key, params) =>
      format(
        textIn(catalogues, language, key) ??
          (base && textIn(base.catalogues, language, key)) ??
          textIn(CATALOGUES, language, key) ??
          key,
        params,
        language,
      );
  function useTIn(language: Language): Translate<K | B | MessageKey> {
    // a part waits for its base's texts too (the same hook on every render: `base` never changes)
    base?.useTIn(language);
    const t = useMemo(() => translateIn(language), [language]);
    // The texts of a language the area's code did not bring: they load (for the page's language they
    // started when the area registered), and the component waits (`use`). React may replay a render
    // that waited once the promise settles: that replay must call `use` with it again, although the
    // texts are here by then, or the hooks after this one break (React error 467). The promise is
    // kept until the render is committed.
    const [waited] = useState(() => new Set<Promise<void>>());
    useEffect(() => waited.clear());
    if (!registered.loaded(language)) waited.add(registered.wait(language));
    for (const promise of waited) use(promise);
    return t;
  }
  function useAreaT(): Translate<K | B | MessageKey> {
    return useTIn(useI18n().language);
  }
  return { catalogues, useT: useAreaT, useTIn, translateIn };
}
