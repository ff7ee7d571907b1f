import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Kysely } from 'kysely';
import type { App } from './common/types';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import adminModule from './modules/admin/routes';
import authModule from './modules/auth/routes';
import commentsModule from './modules/comments/routes';
import coursesModule from './modules/courses/routes';
import enrolleeModule from './modules/enrollee/routes';
import mailboxModule from './modules/mail/routes';
import meetModule from './modules/meet/routes';
import mentorQueueModule from './modules/mentor-queue/routes';
import messagesModule from './modules/messages/routes';
import notificationsModule from './modules/notifications/routes';
import platformModule from './modules/platform/routes';
import profileModule from './modules/profile/routes';
import quoteModule from './modules/quote/routes';
import recoveryModule from './modules/recovery/routes';
import reportsModule from './modules/reports/routes';
import registrationModule from './modules/registration/routes';
import reviewStaffModule from './modules/review-staff/routes';
import reviewsModule from './modules/reviews/routes';
import siteModule from './modules/site/routes';
import staffModule from './modules/staff/routes';
import statisticsModule from './modules/statistics/routes';
import tasksModule from './modules/tasks/routes';
import codeRunsPlugin from './modules/code-runs';
import mentorQueuePlugin from './modules/mentor-queue/plugin';
import reportsPlugin from './modules/reports/plugin';
import taskStatePlugin from './modules/task-state/plugin';
import tasksPlugin, { taskRepositoryPlugin } from './modules/tasks/plugin';
import draftsModule from './modules/drafts/routes';
import codeTriesModule from './modules/code-tries/routes';
import accessPlugin, { testOnly } from './plugins/access';
import cacheChangesPlugin from './plugins/cache-changes';
import courseContentPlugin from './modules/courses/content';
import databasePlugin from './plugins/database';
import clockPlugin from './plugins/clock';
import csrfPlugin from './plugins/csrf';
import { replyToClientError } from './plugins/client-errors';
import errorsPlugin from './plugins/errors';
import { ApiError, failure } from './common/errors';
import { named } from './common/plugin-name';
import inputPlugin from './plugins/input';
import mailPlugin from './plugins/mail';
import openApiPlugin from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import sandboxPlugin from './plugins/sandbox';
import sessionPlugin from './modules/auth/session';
import usersPlugin from './modules/users/plugin';
import overloadPlugin from './plugins/overload';
import { createBootScript, registerStatic } from './plugins/static';
import securityHeadersPlugin from './plugins/security-headers';
import { sharedSchemaCompilers } from './plugins/schema-compilers';
import subjectPlugin from './plugins/subject';
import zonePlugin from './plugins/zone';

export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<Database>;
  /** Extra routes for tests only (factories); never set by the production entry point. */
  testRoutes?: (app: App) => Promise<void>;
}

function originOf(entry: string): string | null {
  try {
    return new URL(entry).origin;
  } catch {
    return null; // a path on this server
  }
}

/** Request logs for a person: `GET /api/health 200 3 ms`, errors as fastify logs them. */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.info(`${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }
}

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } },
  };
}

/** One plugin per area, registered in this order after the infrastructure. */
const AREAS: ReadonlyArray<(app: App) => Promise<void>> = [
  authModule,
  profileModule,
  quoteModule,
  notificationsModule,
  messagesModule,
  staffModule,
  coursesModule,
  tasksModule,
  draftsModule,
  codeTriesModule,
  enrolleeModule,
  mentorQueueModule,
  commentsModule,
  statisticsModule,
  reviewsModule,
  reviewStaffModule,
  reportsModule,
  platformModule,
  registrationModule,
  adminModule,
  recoveryModule,
  meetModule,
  siteModule,
  mailboxModule,
];

/** The academy's API: infrastructure plugins first (declared dependencies), then one plugin per area. */
export async function buildApp({ config, db, testRoutes }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config),
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (rate limits use the address)
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
    schemaController: sharedSchemaCompilers,
    // an address that is not valid percent-encoding is a 400 in the envelope, like every refusal
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply.status(400).send(failure(400, error.message, 'invalidRequest'));
    },
    // what Node's HTTP parser refuses before the router (a control character in a header, headers too large)
    clientErrorHandler: replyToClientError,
    // a person reading the terminal gets one line per request, a log collector gets fastify's two
    ...(config.logFormat === 'pretty' ? { logController: new OneLineRequestLog() } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // infrastructure (access first: it sees every route registered after it)
  await app.register(accessPlugin);
  await app.register(databasePlugin, { db, config });
  await app.register(clockPlugin);
  await app.register(errorsPlugin);
  await app.register(overloadPlugin, { maxInFlight: config.maxInFlight });
  await app.register(csrfPlugin);
  await app.register(zonePlugin);
  await app.register(inputPlugin);
  await app.register(cacheChangesPlugin);
  await app.register(usersPlugin);
  await app.register(sessionPlugin);
  await app.register(subjectPlugin);
  await app.register(rateLimitPlugin);
  await app.register(sandboxPlugin);
  await app.register(mailPlugin);
  await app.register(openApiPlugin);

  const remoteOrigins = Object.values(config.remotes)
    .map((remote: { entry: string }) => originOf(remote.entry))
    .filter((origin): origin is string => origin !== null);
  // the page's one inline script (the shell's build makes it), allowed by its hash
  const bootScript = createBootScript(config.staticRoot);
  await app.register(securityHeadersPlugin, { remoteOrigins, bootScriptSource: () => bootScript.cspSource() });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

  // the areas' objects others use, each made once by its area's plugin (docs/architecture.md, "Server")
  await app.register(taskRepositoryPlugin);
  await app.register(courseContentPlugin);
  await app.register(taskStatePlugin);
  await app.register(mentorQueuePlugin);
  await app.register(reportsPlugin);
  // the queue of Java, Go and Python runs: the task routes (courses' and the enrollee's) send to it
  await app.register(codeRunsPlugin);
  await app.register(tasksPlugin);

  // areas, each named for Fastify (an unnamed plugin has it search every loaded module for the function)
  for (const area of AREAS) await app.register(named(area));
  if (testRoutes) await app.register(testOnly(testRoutes));

  if (config.staticRoot) {
    await registerStatic(app, config.staticRoot, config.remotes, bootScript);
  } else {
    app.setNotFoundHandler(async (request) => {
      throw new ApiError(404, 'server.routeNotFound', { details: `${request.method} ${request.url.split('?')[0]}` });
    });
  }
  return app;
}
