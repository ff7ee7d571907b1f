// Texts the server sends, in both languages (the server's entry: `@academy/shared/server-texts`). The
// browser has only the texts its forms show (`formRu`, `formEn`), through its catalogues (ru.ts, en.ts).
import { formEn, serverOnlyEn } from './server-texts-en';
import { formRu, serverOnlyRu, type ServerTextKey } from './server-texts-ru';

/** Russian: every server text (the source of the keys). */
const serverRu: Record<ServerTextKey, string> = { ...formRu, ...serverOnlyRu };
/** English: every server text. */
const serverEn: Record<ServerTextKey, string> = { ...formEn, ...serverOnlyEn };

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
