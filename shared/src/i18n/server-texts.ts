// Texts the server sends, in both languages (the server's entry: `@academy/shared/server-texts`). The
// browser takes each language's file through its catalogue (ru.ts, en.ts), one language at a time.
import { serverEn } from './server-texts-en';
import { serverRu, type ServerTextKey } from './server-texts-ru';

export { serverEn, serverRu, type ServerTextKey };

/** The server catalogue by language. */
export const SERVER_TEXTS = { ru: serverRu, en: serverEn } as const;

/** A server text in a language, `{name}` placeholders filled in; the server needs nothing else of i18n. */
export function translate(language: 'ru' | 'en', key: ServerTextKey, params?: Record<string, string | number>): string {
  const template: string = SERVER_TEXTS[language][key] ?? serverRu[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Whether a string is a key of the server catalogue. */
export function isServerTextKey(value: string): value is ServerTextKey {
  return value in serverRu;
}
