// The catalogues without React: the server reads the common texts for its e-mails and error replies.
// Russian (the default) ships with the code; every other language is a chunk of its own, loaded when the
// page shows it (issue 14: a page carried both languages' texts, ~10 KB brotli of one it did not show).
import type { Language } from '../contract';
import { format } from './format';
import { ru, type MessageKey } from './ru';

export { format, formatNumber } from './format';

export type { MessageKey };

/** Values a message may interpolate: `{name}`, `{count, number}`, `{count, plural, one {…} other {…}}`. */
export type MessageParams = Record<string, string | number>;

/** One language's texts of an area. */
export type Catalogue<K extends string = string> = Readonly<Record<K, string>>;

/** An area's texts in every language; English must have every key (the types and a test check it). */
export type Catalogues<K extends string = string> = Readonly<Record<Language, Catalogue<K>>>;

/** A language's texts as an area gives them: the catalogue, or a loader of its chunk (`() => import('./en')…`). */
export type CatalogueSource<K extends string = string> = Catalogue<K> | (() => Promise<Catalogue<K>>);

/** What an area registers: Russian, the source of its keys, with it; any other language as it likes. */
export type CatalogueSources<K extends string = string> = { ru: Catalogue<K> } & Record<
  Exclude<Language, 'ru'>,
  CatalogueSource<K>
>;

interface Source {
  /** the texts loaded so far ({} for a language not loaded yet: its keys read as Russian meanwhile) */
  catalogues: Record<Language, Catalogue>;
  loaders: Partial<Record<Language, () => Promise<Catalogue>>>;
  loading: Partial<Record<Language, Promise<void>>>;
}

function source(sources: CatalogueSources): Source {
  const catalogues = { ru: sources.ru } as Record<Language, Catalogue>;
  const loaders: Source['loaders'] = {};
  for (const [language, given] of Object.entries(sources) as [Language, CatalogueSource][]) {
    if (typeof given === 'function') {
      catalogues[language] = {};
      loaders[language] = given;
    } else catalogues[language] = given;
  }
  return { catalogues, loaders, loading: {} };
}

const common = source({
  ru,
  en: () => import(/* webpackChunkName: "i18n-en-common" */ './en').then((module) => module.en),
});

/**
 * The common texts: shared components, the shell's frame and every text the server reads. A language
 * other than Russian is here once loaded (`loadLanguage`); until then its keys read as Russian.
 */
export const CATALOGUES = common.catalogues as Catalogues<MessageKey>;

/** Area catalogues registered at run time, by area name (the newest registration of an area wins). */
const areaCatalogues = new Map<string, Source>();

/** The language the page shows: an area registering later starts loading it at once. */
let shown: Language = 'ru';

/**
 * Languages whose texts could not be loaded on this page (offline, a chunk gone): they count as loaded,
 * their keys read as Russian, until the reader asks for the language again (`retryLanguage`). Never a
 * page that waits forever or breaks for want of its texts.
 */
const failed = new Set<Language>();

/** Loads one source's texts in a language (one request, shared by every caller until it is done). */
function loadSource(entry: Source, language: Language): Promise<void> | undefined {
  const load = entry.loaders[language];
  if (!load || failed.has(language)) return undefined;
  return (entry.loading[language] ??= load().then(
    (catalogue) => {
      entry.catalogues[language] = catalogue;
      delete entry.loaders[language];
    },
    () => {
      delete entry.loading[language];
      failed.add(language);
    },
  ));
}

const isLoaded = (entry: Source | undefined, language: Language) => !entry?.loaders[language] || failed.has(language);

/**
 * Loads these sources' texts in a language (each source's chunk once); it never rejects (a failure is
 * recorded, see `failed`). A new promise per call: `wait` keeps the one an area's components wait on.
 */
function loadAll(entries: Source[], language: Language): Promise<void> {
  return Promise.all(entries.map((entry) => loadSource(entry, language))).then(() => undefined);
}

/** A promise that says whether it is settled, as React's `use` reads it (no suspension once it is). */
type Tracked = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined };

function tracked(promise: Promise<void>): Tracked {
  const thenable = promise as Tracked;
  thenable.status = 'pending';
  void promise.then(() => {
    thenable.status = 'fulfilled';
    thenable.value = undefined;
  });
  return thenable;
}

/** What `wait` gives for texts that are here: settled already, so `use` returns at once. */
const READY: Tracked = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/** An area's registered texts: as loaded so far, whether a language is here and how to wait for it. */
export interface RegisteredTexts {
  /** the area's catalogues (a language not loaded yet is {}: its keys read as Russian meanwhile) */
  readonly catalogues: Catalogues;
  /** whether the language's texts (the area's and the common ones) are here */
  loaded(language: Language): boolean;
  /**
   * For React's `use`, called on every render: the same promise for a language from its first wait on
   * (pending, then settled), a settled one for texts that were here already. A component that suspended
   * on it finds the same, settled promise when React replays it, and `use` returns at once: `use` is
   * called on every render, so the hooks after it are the same in each.
   */
  wait(language: Language): Promise<void>;
}

/**
 * Adds (or replaces) an area's texts, so any code on the page (the shell's toasts) can show its keys.
 * The page's language other than Russian starts loading at once.
 */
export function registerCatalogues(area: string, sources: CatalogueSources): RegisteredTexts {
  const entry = source(sources);
  areaCatalogues.delete(area);
  areaCatalogues.set(area, entry);
  if (shown !== 'ru') void loadAll([common, entry], shown);
  const loaded = (language: Language) => isLoaded(common, language) && isLoaded(entry, language);
  const waits: Partial<Record<Language, Tracked>> = {};
  return {
    catalogues: entry.catalogues,
    loaded,
    wait(language) {
      const last = waits[language];
      // the texts are here: the promise this area waited on (settled), or one settled already
      if (loaded(language)) return last?.status === 'fulfilled' ? last : READY;
      // still loading, or asked again after a failed load (retryLanguage)
      if (last?.status === 'pending') return last;
      return (waits[language] = tracked(loadAll([common, entry], language)));
    },
  };
}

/**
 * Whether a language's texts are here: the common ones and every registered area's (Russian always is;
 * a language whose texts failed to load counts as here, read in Russian).
 */
export function languageLoaded(language: Language): boolean {
  return [common, ...areaCatalogues.values()].every((entry) => isLoaded(entry, language));
}

/** Whether loading the language's texts failed on this page (its keys read as Russian). */
export function languageFailed(language: Language): boolean {
  return failed.has(language);
}

/** The reader asks for the language again: a failed load is tried once more. */
export function retryLanguage(language: Language): void {
  failed.delete(language);
}

/** Loads a language's texts: the common ones and every registered area's (never rejects, see `failed`). */
export function loadLanguage(language: Language): Promise<void> {
  return loadAll([common, ...areaCatalogues.values()], language);
}

/** The page now shows this language: areas registered from now on load their texts in it at once. */
export function showLanguage(language: Language): void {
  shown = language;
}

const own = (catalogue: Catalogue, key: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(catalogue, key) ? catalogue[key] : undefined;

/** A key's text in one area's catalogues: the language's, else the Russian one. */
export function textIn(catalogues: Catalogues, language: Language, key: string): string | undefined {
  return own(catalogues[language], key) ?? own(catalogues.ru, key);
}

/** A key's text in the common catalogue or any registered area; undefined when nobody has it. */
export function findText(language: Language, key: string): string | undefined {
  const text = textIn(CATALOGUES, language, key);
  if (text !== undefined) return text;
  for (const { catalogues } of [...areaCatalogues.values()].reverse()) {
    const text = textIn(catalogues, language, key);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** Translates a common key outside React (server, tests, non-component code). */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  return format(textIn(CATALOGUES, language, key) ?? key, params, language);
}

/** Translates any key: common, or of an area that registered its catalogues; the key itself if none has it. */
export function translateAny(language: Language, key: string, params?: MessageParams): string {
  return format(findText(language, key) ?? key, params, language);
}

/** Whether the common catalogue has the key. */
export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(ru, value);
}

/** Whether the common catalogue or a registered area has a text for the key. */
export function hasText(value: string): boolean {
  return findText('ru', value) !== undefined;
}
