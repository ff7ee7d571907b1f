import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { currentUser, requireUser } from '../../plugins/guards';
import { createQuoteRepository } from './repository';
import { QuoteSchema } from './schemas';
import { createQuoteService } from './service';

/** The quote of the student frame. */
export default async function quoteModule(app: App): Promise<void> {
  const quotes = createQuoteService(createQuoteRepository(app.db));
  app.get(
    '/api/excerption/',
    {
      preHandler: requireUser,
      schema: { summary: 'A random quote in the user’s language', tags: ['quote'], response: Reply(QuoteSchema) },
    },
    async (request) => ok(await quotes.randomQuote(currentUser(request).language)),
  );
}
