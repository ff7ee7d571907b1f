import { Type } from 'typebox';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { sentZone } from '../../plugins/zone';
import { ACADEMY_ZONE } from '../../common/dates';
import { clearSiteCookie, SESSION_COOKIE, sessionToken } from '../../plugins/cookies';
import { ProfileSchema } from '../profile/schemas';
import { toProfile } from '../profile/service';
import { CredentialsBody } from './schemas';
import { createAuthService } from './service';

const tags = ['auth'];

/** Sign-in (`/token`): check the credentials, open a session (cookie), end it. */
export default async function authModule(app: App): Promise<void> {
  const auth = createAuthService({
    sessions: app.sessions,
    users: app.users,
    limiter: app.rateLimiter,
    config: app.config,
  });
  const reports = app.reports;

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
