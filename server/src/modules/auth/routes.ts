import { Type } from 'typebox';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../plugins/errors';
import { ACADEMY_ZONE, sentZone } from '../../plugins/zone';
import { clearSiteCookie, SESSION_COOKIE, sessionToken } from '../../plugins/session';
import { ProfileSchema } from '../profile/schemas';
import { toProfile } from '../profile/service';
import { createReportRepository } from '../reports/repository';
import { createReportService } from '../reports/service';
import { createUserRepository } from '../users/repository';
import { createAuthRepository } from './repository';
import { CredentialsBody } from './schemas';
import { createAuthService } from './service';

const tags = ['auth'];

/** Sign-in (`/token`): check the credentials, open a session (cookie), end it. */
export default async function authModule(app: App): Promise<void> {
  const auth = createAuthService({
    sessions: createAuthRepository(app.db),
    users: createUserRepository(app.db),
    limiter: app.rateLimiter,
    config: app.config,
  });
  const reports = createReportService(createReportRepository(app.db), app.clock);

  app.post(
    '/token/validate_user',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether the credentials are right (a blocked user’s too)',
        tags,
        body: CredentialsBody,
        response: Reply(Type.Boolean()),
      },
    },
    async (request, reply) => ok((await auth.checkCredentials(request.body, request, reply)) !== null),
  );

  app.post(
    '/token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in: sets the session cookie and the known-device cookie',
        tags,
        body: CredentialsBody,
        response: Reply(ProfileSchema),
      },
    },
    async (request, reply) => {
      const user = await auth.signIn(request.body, request, reply);
      // the browser keeps this reply as the profile: the yesterday's-report rule is computed as on every read
      const zone = sentZone(request) ?? user.time_zone ?? ACADEMY_ZONE;
      return ok({ ...toProfile(user), requireCreateReport: await reports.requireCreateReport(user, zone) });
    },
  );

  app.delete(
    '/token',
    { config: { access: 'public' }, schema: { summary: 'Sign out: ends the session', tags, response: Reply(Type.Boolean()) } },
    async (request, reply) => {
      await auth.signOut(sessionToken(request));
      clearSiteCookie(request, reply, SESSION_COOKIE);
      return ok(true);
    },
  );
}
