import type { Language } from '@academy/shared/contract';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const formats = new Map<Language, Intl.RelativeTimeFormat>();
/** The language's formatter, made once (a table of students showed one per row, each a few ms on a phone). */
function formatOf(language: Language): Intl.RelativeTimeFormat {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })));
  return format;
}

/** How long ago an instant was, the language's way: `5 минут назад`, `вчера`, `2 months ago`, `now`. */
export function relativeTime(iso: string, now: number, language: Language): string {
  const format = formatOf(language);
  const elapsed = Math.max(0, now - Date.parse(iso));
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return format.format(0, 'second');
}
