import { useId } from 'react';
import { BIRTH_YEARS, type Language } from '@academy/shared/contract';
import { monthNames, useI18n } from '@academy/shared/i18n';
import { texts } from '../../i18n';

export interface BirthdayValue {
  day: string;
  month: string;
  year: string;
}

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const YEARS = Array.from({ length: BIRTH_YEARS.to - BIRTH_YEARS.from + 1 }, (_, i) => BIRTH_YEARS.to - i);

/** Three pickers (spec 2 §2.10): days 1–31, months by name, years 1950–2037; a fieldset for screen readers. */
export function BirthdayField({
  value,
  onChange,
  language,
}: {
  value: BirthdayValue;
  onChange(value: BirthdayValue): void;
  /** the page's language when it differs from the interface's (/start/en) */
  language?: Language;
}) {
  const ui = useI18n();
  const shown = language ?? ui.language;
  const t = texts.useTIn(shown);
  const months = monthNames(shown);
  const id = useId();
  const select = (part: keyof BirthdayValue, label: string, options: Array<[string, string]>) => (
    <label className="birthday__part" htmlFor={`${id}-${part}`}>
      <span className="visually-hidden">{label}</span>
      <select
        id={`${id}-${part}`}
        className="field__input"
        value={value[part]}
        onChange={(e) => onChange({ ...value, [part]: e.target.value })}
      >
        <option value="">{label}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className="birthday">
      <legend className="field__label">{t('register.birthdayLabel')}</legend>
      <div className="birthday__parts">
        {select(
          'day',
          t('register.day'),
          DAYS.map((d) => [String(d), String(d)]),
        )}
        {select(
          'month',
          t('register.month'),
          MONTHS.map((m) => [String(m), months[m - 1] ?? String(m)]),
        )}
        {select(
          'year',
          t('register.year'),
          YEARS.map((y) => [String(y), String(y)]),
        )}
      </div>
    </fieldset>
  );
}

/** DD.MM.YYYY, or '' while a part is missing. */
export function birthdayText({ day, month, year }: BirthdayValue): string {
  if (!day || !month || !year) return '';
  return `${day.padStart(2, '0')}.${month.padStart(2, '0')}.${year}`;
}
