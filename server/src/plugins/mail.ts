import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { MailOutbox } from './mail-outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** e-mails: written to the outbox, delivered over SMTP when configured */
    mail: MailOutbox;
  }
}

/** The outbox and its sender, started with the app and stopped with it. */
export default fp(
  async function mailPlugin(app: App) {
    const mail = new MailOutbox(app.db, app.config.mail.smtpUrl, app.config.mail.from, app.log);
    app.decorate('mail', mail);
    mail.start();
    app.addHook('onClose', async () => mail.stop());
  },
  { name: 'mail', dependencies: ['database'] },
);
