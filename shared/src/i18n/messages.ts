// The catalogues without React: the server reads the same texts for its e-mails and error replies.
import type { Language } from '../contract';
import { en } from './en';
import { ru, type MessageKey } from './ru';

export type { MessageKey };
export const CATALOGUES: Record<Language, Record<MessageKey, string>> = { ru, en };

/** Fills `{name}` placeholders. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Translates outside React (server, tests, non-component code). */
export function translate(language: Language, key: MessageKey, params?: Record<string, string | number>): string {
  return format(CATALOGUES[language][key] ?? ru[key] ?? key, params);
}

export function isMessageKey(value: string): value is MessageKey {
  return value in ru;
}
