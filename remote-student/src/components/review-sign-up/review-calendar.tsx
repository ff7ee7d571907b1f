import { useId, useMemo } from 'react';
import { dateTimeFormat, dayInstant, LOCALES, monthNames, useI18n } from '@academy/shared/i18n';
import { useT } from '../../i18n/reviews';
import { monthGrid, monthOf, sameMonth, shiftMonth, type Month } from '../../lib/review-dates';

interface ReviewCalendarProps {
  /** the month shown */
  month: Month;
  /** the first and last day one may pick (today, the end of next month) */
  first: string;
  last: string;
  /** the days with a free slot: the only ones that can be picked */
  freeDays: ReadonlySet<string>;
  onMonth(month: Month): void;
  onPick(day: string): void;
}

/** The weekday names of the language, Monday first: short for the header, long for its `abbr`. */
function useWeekdays() {
  const { language } = useI18n();
  return useMemo(() => {
    const short = dateTimeFormat(LOCALES[language], { weekday: 'short', timeZone: 'UTC' });
    const long = dateTimeFormat(LOCALES[language], { weekday: 'long', timeZone: 'UTC' });
    // 1 January 2024 was a Monday
    return Array.from({ length: 7 }, (_, i) => ({
      short: short.format(Date.UTC(2024, 0, 1 + i)),
      long: long.format(Date.UTC(2024, 0, 1 + i)),
    }));
  }, [language]);
}

/**
 * Step 1 of the sign-up (spec 2 §2.6): a month calendar, weeks from Monday, this month and the next.
 * Every day is a button named by its full date; only the days with a free slot are enabled, so Tab
 * walks exactly the days one can choose. Days of the neighbouring months are shown faded and disabled.
 */
export function ReviewCalendar({ month, first, last, freeDays, onMonth, onPick }: ReviewCalendarProps) {
  const t = useT();
  const { language } = useI18n();
  const captionId = useId();
  const weekdays = useWeekdays();
  const fullDate = useMemo(
    () => dateTimeFormat(LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    [language],
  );
  const name = monthNames(language)[month.month - 1] ?? '';
  const atFirst = sameMonth(month, monthOf(first));
  const atLast = sameMonth(month, monthOf(last));
  const shift = (by: -1 | 1) => onMonth(shiftMonth(month, by));
  return (
    <div className="review-calendar">
      <div className="review-calendar__head">
        <button
          type="button"
          className="icon-btn"
          aria-label={t('review.previousMonth')}
          disabled={atFirst}
          onClick={() => shift(-1)}
        >
          <span aria-hidden>‹</span>
        </button>
        <p id={captionId} className="review-calendar__month" aria-live="polite">
          {`${name.charAt(0).toUpperCase()}${name.slice(1)} ${month.year}`}
        </p>
        <button type="button" className="icon-btn" aria-label={t('review.nextMonth')} disabled={atLast} onClick={() => shift(1)}>
          <span aria-hidden>›</span>
        </button>
      </div>
      <table className="review-calendar__grid" aria-labelledby={captionId}>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long}>
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]!.day}>
              {week.map(({ day, inMonth }) => {
                const number = Number(day.slice(8, 10));
                // a neighbouring month's day: shown, inert, and not read out (the month shown is named)
                if (!inMonth)
                  return (
                    <td key={day}>
                      <button type="button" className="review-calendar__day review-calendar__day--other" disabled aria-hidden>
                        {number}
                      </button>
                    </td>
                  );
                const free = day >= first && day <= last && freeDays.has(day);
                return (
                  <td key={day}>
                    <button
                      type="button"
                      className={[
                        'review-calendar__day',
                        // a day without a free slot, gone or to come, is drawn faded: it cannot be picked
                        free ? 'review-calendar__day--free' : 'review-calendar__day--unavailable',
                        day === first ? 'review-calendar__day--today' : '',
                        day < first ? 'review-calendar__day--past' : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      aria-label={fullDate.format(dayInstant(day))}
                      aria-current={day === first ? 'date' : undefined}
                      disabled={!free}
                      onClick={() => onPick(day)}
                    >
                      {number}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="review-calendar__legend">
        <span className="review-calendar__swatch" aria-hidden />
        {t('review.legend')}
      </p>
    </div>
  );
}
