import { useId } from 'react';
import { type Language } from '@academy/shared/contract';
import { birthYears } from '@academy/shared/accounts';
import { monthNames, useI18n } from '@academy/shared/i18n';

export interface BirthdayValue {
  day: string;
  month: string;
  year: string;
}

/** The texts of the pickers, from the catalogue of the area that shows them. */
export interface BirthdayLabels {
  legend: string;
  day: string;
  month: string;
  year: string;
}

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * Three pickers (spec 2 §2.10) of registration and of one's own details: days 1–31, months by name, the
 * birth years the academy accepts (newest first: `birthYears`); a fieldset for screen readers, its error
 * tied to every picker.
 */
export function BirthdayField({
  value,
  onChange,
  labels,
  language,
  error,
}: {
  value: BirthdayValue;
  onChange(value: BirthdayValue): void;
  labels: BirthdayLabels;
  /** the page's language when it differs from the interface's (/start/en) */
  language?: Language;
  error?: string | undefined;
}) {
  const ui = useI18n();
  const months = monthNames(language ?? ui.language);
  const id = useId();
  const years = birthYears();
  const yearList = Array.from({ length: years.to - years.from + 1 }, (_, i) => years.to - i);
  const select = (part: keyof BirthdayValue, label: string, options: Array<[string, string]>) => (
    <label className="birthday__part" htmlFor={`${id}-${part}`}>
      <span className="visually-hidden">{label}</span>
      <select
        id={`${id}-${part}`}
        className="field__input"
        {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
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
      <legend className="field__label">{labels.legend}</legend>
      <div className="birthday__parts">
        {select(
          'day',
          labels.day,
          DAYS.map((d) => [String(d), String(d)]),
        )}
        {select(
          'month',
          labels.month,
          MONTHS.map((m) => [String(m), months[m - 1] ?? String(m)]),
        )}
        {select(
          'year',
          labels.year,
          yearList.map((y) => [String(y), String(y)]),
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** DD.MM.YYYY, or '' while a part is missing. */
export function birthdayText({ day, month, year }: BirthdayValue): string {
  if (!day || !month || !year) return '';
  return `${day.padStart(2, '0')}.${month.padStart(2, '0')}.${year}`;
}

/** The pickers' values of a profile's birthday (DD.MM.YYYY); empty when there is none. */
export function birthdayValue(text: string | null | undefined): BirthdayValue {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text ?? '');
  if (!match) return { day: '', month: '', year: '' };
  return { day: String(Number(match[1])), month: String(Number(match[2])), year: match[3]! };
}
