import { useGetQuoteQuery } from '@academy/shared/api';
import { useT } from '../../i18n';
import { Skeleton } from '@academy/shared/ui';

/** The motivational quote of spec 1 §2 (`GET /api/excerption/`). */
export function QuoteOfTheDay() {
  const t = useT();
  const { data: quote, isLoading } = useGetQuoteQuery();
  if (isLoading) {
    return (
      <div className="quote" aria-hidden>
        <Skeleton width={260} height={14} />
        <Skeleton width={120} height={12} />
      </div>
    );
  }
  if (!quote) return null;
  return (
    <figure className="quote" aria-label={t('quote.label')}>
      <blockquote className="quote__text">{t('quote.text', { text: quote.text })}</blockquote>
      <figcaption className="quote__author">— {quote.author}</figcaption>
    </figure>
  );
}
