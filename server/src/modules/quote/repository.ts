import { sql, type Kysely } from 'kysely';
import type { Language, Quote } from '@academy/shared/contract';
import type { Database } from '../../db/schema';

export function createQuoteRepository(db: Kysely<Database>) {
  return {
    /** A random quote in a language. */
    randomQuote(language: Language): Promise<Quote | undefined> {
      return db
        .selectFrom('quotes')
        .select(['text', 'author'])
        .where('language', '=', language)
        .orderBy(sql`random()`)
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type QuoteRepository = ReturnType<typeof createQuoteRepository>;
