import type { Language, Quote } from '@academy/shared/contract';
import { notFound } from '../../common/errors';
import type { QuoteRepository } from './repository';

export function createQuoteService(quotes: QuoteRepository) {
  return {
    /** A random quote in the reader's language; none at all is a 404. */
    async randomQuote(language: Language): Promise<Quote> {
      const quote = await quotes.randomQuote(language);
      if (!quote) throw notFound('server.noQuotes');
      return quote;
    },
  };
}
