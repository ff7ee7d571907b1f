import type { App } from '../../common/types';
import { createMailboxRepository } from './repository';
import { createMailboxService } from './service';

/**
 * The development mailbox (`/dev/mailbox`): without SMTP the mails stay in the outbox, and this page
 * lists them, so a newcomer can follow a recovery link locally. Only when no SMTP is configured, only
 * when enabled (not in production unless ACADEMY_DEV_MAILBOX=1), and only for requests from this
 * machine: recovery links must never be readable by others.
 */
export default async function mailboxModule(app: App): Promise<void> {
  if (!app.config.mail.devMailbox) return;
  const mailbox = createMailboxService(createMailboxRepository(app.db));
  app.get(
    '/dev/mailbox',
    { schema: { summary: 'The development mailbox (an HTML page, local requests only)', tags: ['mail'] } },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(await mailbox.page(request)),
  );
}
