import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../common/types';
import { errorText } from '../../plugins/errors';
import { ApiError } from '../../common/errors';
import { requireRoles } from '../../plugins/guards';
import { createMailboxRepository } from './repository';
import { createMailboxService } from './service';

/**
 * The development mailbox (`/dev/mailbox`): without SMTP the mails stay in the outbox, and this page
 * lists them, so a newcomer can follow a recovery link locally. It holds live recovery links, so it
 * exists only when asked for (ACADEMY_DEV_MAILBOX=1, never with SMTP) and only a signed-in
 * administrator reads it; anyone else gets a page saying so, with the way to the sign-in page.
 */
export default async function mailboxModule(app: App): Promise<void> {
  if (!app.config.mail.devMailbox) return;
  const mailbox = createMailboxService(createMailboxRepository(app.db));
  app.get(
    '/dev/mailbox',
    {
      preHandler: requireRoles(['ADMIN']),
      schema: { summary: 'The development mailbox (an HTML page, administrators only)', tags: ['mail'] },
      // a person opens this address in a browser: a refusal is a page, not a JSON envelope
      errorHandler: (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
        if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
        return reply
          .status(error.status)
          .type('text/html; charset=utf-8')
          .send(mailbox.refusalPage(errorText(request, error)));
      },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(await mailbox.page()),
  );
}
