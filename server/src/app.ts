import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { VIDEO_FRAME_ORIGINS } from '@academy/shared/contract';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import { SandboxPool } from './grading/sandbox/pool';
import accountProfileRoutes from './modules/accounts/profile';
import recoveryRoutes from './modules/accounts/recovery';
import registrationRoutes from './modules/accounts/registration';
import mailboxRoutes from './modules/mail/routes';
import { MailOutbox } from './modules/mail/outbox';
import authRoutes from './modules/auth/routes';
import courseRoutes from './modules/courses/routes';
import messageRoutes from './modules/messages/routes';
import notificationRoutes from './modules/notifications/routes';
import platformRoutes from './modules/platform/routes';
import profileRoutes from './modules/profile/routes';
import quoteRoutes from './modules/quote/routes';
import staffRoutes from './modules/staff/routes';
import taskRoutes from './modules/tasks/routes';
import { failure, registerErrorHandling } from './plugins/errors';
import { registerSessions } from './plugins/session';
import { registerStatic } from './plugins/static';
import { registerZone } from './plugins/zone';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: AppConfig;
    /** runs students' code in QuickJS worker threads */
    sandbox: SandboxPool;
    /** e-mails: written to the outbox, delivered over SMTP when configured */
    mail: MailOutbox;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<Database>;
  /** Extra routes for tests only (factories); never set by the production entry point. */
  testRoutes?: (app: FastifyInstance) => Promise<void>;
}

function originOf(entry: string): string | null {
  try {
    return new URL(entry).origin;
  } catch {
    return null; // a path on this server
  }
}

export async function buildApp({ config, db, testRoutes }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (rate limits use the address)
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  const sandbox = new SandboxPool();
  app.decorate('sandbox', sandbox);
  app.addHook('onClose', async () => sandbox.close());
  const mail = new MailOutbox(db, config.mail.smtpUrl, config.mail.from, app.log);
  app.decorate('mail', mail);
  mail.start();
  app.addHook('onClose', async () => mail.stop());

  registerErrorHandling(app);
  registerZone(app);
  registerSessions(app);

  const remoteOrigins = Object.values(config.remotes)
    .map((remote: { entry: string }) => originOf(remote.entry))
    .filter((origin): origin is string => origin !== null);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...remoteOrigins],
        'connect-src': ["'self'", ...remoteOrigins],
        // style-loader injects <style> elements at runtime
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        // lecture videos: the players of known hosts, or video files from anywhere over https
        'frame-src': [...VIDEO_FRAME_ORIGINS],
        'media-src': ["'self'", 'https:'],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(quoteRoutes);
  await app.register(notificationRoutes);
  await app.register(messageRoutes);
  await app.register(staffRoutes);
  await app.register(courseRoutes);
  await app.register(taskRoutes);
  await app.register(platformRoutes);
  await app.register(registrationRoutes);
  await app.register(recoveryRoutes);
  await app.register(accountProfileRoutes);
  await app.register(mailboxRoutes);
  if (testRoutes) await app.register(testRoutes);

  if (config.staticRoot) {
    await registerStatic(app, config.staticRoot);
  } else {
    app.setNotFoundHandler(async (request, reply) =>
      reply.status(404).send(failure(404, `Not found: ${request.method} ${request.url.split('?')[0]}`)),
    );
  }
  return app;
}
