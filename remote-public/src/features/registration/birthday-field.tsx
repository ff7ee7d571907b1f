import type { Language } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';
import { BirthdayField as Pickers, type BirthdayValue } from '@academy/shared/ui/birthday';
import { texts } from '../../i18n';

export { birthdayText, type BirthdayValue } from '@academy/shared/ui/birthday';

/** The shared birthday pickers with registration's texts, in the page's language (/start/en). */
export function BirthdayField({
  language,
  ...props
}: {
  value: BirthdayValue;
  onChange(value: BirthdayValue): void;
  language?: Language;
  error?: string | undefined;
}) {
  const ui = useI18n();
  const shown = language ?? ui.language;
  const t = texts.useTIn(shown);
  const labels = {
    legend: t('register.birthdayLabel'),
    day: t('register.day'),
    month: t('register.month'),
    year: t('register.year'),
  };
  return <Pickers {...props} language={shown} labels={labels} />;
}
