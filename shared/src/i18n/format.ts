// A message's placeholders filled in (`{name}`, `{count, number}`, `{count, plural, …}`), with the
// language's plural rules and number format: the small ICU subset the catalogues use, no library.
import type { Language } from '../contract';
import type { MessageParams } from './messages';

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function plural(language: string, value: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(value);
}

/**
 * A number in the language's way of writing it (`1 000` in Russian, `1,000` in English). A whole number
 * below a thousand is written the same in both: such numbers (percentages, counts, points) need no
 * `Intl.NumberFormat`, whose first use loads locale data (~20-40 ms on a phone, issue 14).
 */
export function formatNumber(language: string, value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1000 && !Object.is(value, -0)) return String(value);
  let formatter = numberFormats.get(language);
  if (!formatter) numberFormats.set(language, (formatter = new Intl.NumberFormat(language)));
  return formatter.format(value);
}

/** The index of the `}` closing the `{` at `open`, or -1. */
function closing(template: string, open: number): number {
  let depth = 0;
  for (let i = open; i < template.length; i++) {
    if (template[i] === '{') depth++;
    else if (template[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** `one {# задача} few {# задачи} other {# задач}` → { one: '# задача', … } */
function pluralOptions(body: string): Map<string, string> | null {
  const options = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(i));
    if (!selector) return body.slice(i).trim() === '' ? options : null;
    const open = i + selector[0].length - 1;
    const end = closing(body, open);
    if (end < 0) return null;
    options.set(selector[1]!, body.slice(open + 1, end));
    i = end + 1;
  }
  return options;
}

/** Replaces `#` outside nested placeholders with the number. */
function hash(branch: string, shown: string): string {
  let depth = 0;
  let out = '';
  for (const char of branch) {
    if (char === '{') depth++;
    else if (char === '}') depth--;
    out += char === '#' && depth === 0 ? shown : char;
  }
  return out;
}

function placeholder(inner: string, params: MessageParams, language: Language): string | null {
  const [name, type, ...rest] = inner.split(',');
  const key = (name ?? '').trim();
  if (!Object.prototype.hasOwnProperty.call(params, key)) return null;
  const value = params[key];
  if (type === undefined) return String(value);
  const kind = type.trim();
  if (kind === 'number') return typeof value === 'number' ? formatNumber(language, value) : String(value);
  if (kind !== 'plural') return null;
  const count = Number(value);
  const options = pluralOptions(rest.join(','));
  if (!options || Number.isNaN(count)) return null;
  const branch = options.get(`=${count}`) ?? options.get(plural(language, count)) ?? options.get('other');
  return branch === undefined ? null : format(hash(branch, formatNumber(language, count)), params, language);
}

/**
 * Fills a message: `{name}` takes the value as is, `{n, number}` writes the number the language's
 * way, `{n, plural, one {# задача} few {# задачи} many {# задач} other {# задачи}}` picks the form by
 * `Intl.PluralRules` (`=0 {…}` matches an exact value first) and writes `#` as the number.
 * A placeholder without its value stays as written.
 */
export function format(template: string, params?: MessageParams, language: Language = 'ru'): string {
  if (!params || !template.includes('{')) return template;
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) break;
    const end = closing(template, open);
    if (end < 0) break;
    out += template.slice(i, open);
    const whole = template.slice(open, end + 1);
    out += placeholder(whole.slice(1, -1), params, language) ?? whole;
    i = end + 1;
  }
  return out + template.slice(i);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** Formatters kept at most: the academy's pages use a few dozen (locale × options × zone). */
const MAX_DATE_TIME_FORMATS = 200;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A date formatter for a locale and options, made once and kept: each new `Intl.DateTimeFormat` looks its
 * locale's patterns up again (2-10 ms at Lighthouse's 4x CPU), and a page's list formats many dates alike.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    // the oldest made goes (a Map keeps the order things were put in)
    if (dateTimeFormats.size >= MAX_DATE_TIME_FORMATS) dateTimeFormats.delete(dateTimeFormats.keys().next().value!);
    dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  }
  return format;
}

/**
 * Today as `yyyy-mm-dd` in a time zone: the reader's (a server render, from its zone cookie), or the
 * browser's own without one (its clock's fields: no `Intl` locale data loaded for it, issue 14).
 */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  if (!timeZone) return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
  const days = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
  const parts = days.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return `${part('year')}-${pad2(part('month'))}-${pad2(part('day'))}`;
}

/** `HH:mm` of a moment in a time zone: the reader's (a server render), or the browser's own without one. */
export function clockIn(at: Date, timeZone?: string): string {
  if (!timeZone) return `${pad2(at.getHours())}:${pad2(at.getMinutes())}`;
  return dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** A `yyyy-mm-dd` day as its UTC midnight: written with `timeZone: 'UTC'`, the same day in any reader's zone. */
export const dayInstant = (day: string): number => Date.parse(`${day}T00:00:00Z`);
