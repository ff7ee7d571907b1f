import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES } from '@academy/shared/accounts';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { badRequest, ok } from '../../common/errors';
import { currentUser, requireUser } from '../../plugins/guards';
import { reportZone } from '../reports/zone';
import { createProfileRepository } from './repository';
import { AvatarQuery, DetailsBody, LanguageBody, LanguageSchema, ProfileSchema, UserIdParams } from './schemas';
import { createProfileService, toProfile, type Upload } from './service';

const tags = ['profile'];

/** The uploaded file of a multipart request; null when there is none. */
async function readUpload(request: FastifyRequest): Promise<Upload | null> {
  if (!request.isMultipart()) return null;
  const file = await request.file().catch((error: Error & { statusCode?: number }) => {
    // the parser's own limits carry their status; a body that is not the multipart it says is a 400
    if (error.statusCode) throw error;
    throw badRequest('server.invalidRequest', { context: 'body', details: error.message });
  });
  if (!file) return null;
  try {
    return { data: await file.toBuffer(), truncated: file.file.truncated };
  } catch {
    // the stream stops at the size limit
    return { data: Buffer.alloc(0), truncated: true };
  }
}

/**
 * A multipart form's text fields as the body (spec 1: select_lang takes "form field lang", and
 * `curl -F lang=en` sends one); within the plugin's part limits, files refused.
 */
async function multipartFieldsAsBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file')
        throw badRequest('server.invalidRequest', { context: 'body', details: 'a file is not expected here' });
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('server.invalidRequest', { context: 'body', details: (error as Error).message });
  }
  request.body = fields;
}

/** Profiles: one's own and others' by the access rule, details, pictures, the interface language. */
export default async function profileModule(app: App): Promise<void> {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const profiles = createProfileService(createProfileRepository(app.db), app.users);
  const reports = app.reports;

  app.get(
    '/api/user/profile',
    { preHandler: requireUser, schema: { summary: 'The signed-in user’s profile', tags, response: Reply(ProfileSchema) } },
    async (request) => {
      const user = currentUser(request);
      // computed on every read, never stored: the yesterday of the caller's zone (docs/courses.md, "Daily reports")
      const requireCreateReport = await reports.requireCreateReport(user, reportZone(request));
      return ok({ ...toProfile(user), requireCreateReport });
    },
  );

  app.get(
    '/api/user/profile/:id',
    {
      preHandler: requireUser,
      schema: {
        summary: 'A user’s profile: whole for oneself and staff, public part for a fellow student',
        tags,
        params: UserIdParams,
        response: Reply(ProfileSchema),
      },
    },
    async (request) => ok(await profiles.readProfile(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/user/profile',
    {
      preHandler: requireUser,
      schema: { summary: 'Change one’s names and birthday', tags, body: DetailsBody, response: Reply(ProfileSchema) },
    },
    async (request) => ok(await profiles.updateDetails(currentUser(request), request.body)),
  );

  app.post(
    '/api/user/profile/image',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Upload a picture (multipart; gif, jpeg or png, at most 2 MB): one’s own, or anyone’s for an administrator',
        tags,
        querystring: AvatarQuery,
        response: Reply(ProfileSchema),
      },
    },
    async (request) => {
      const { userId } = request.query;
      profiles.checkAvatarAccess(currentUser(request), userId);
      return ok(await profiles.saveAvatar(userId, await readUpload(request)));
    },
  );

  app.get(
    '/api/user/profile/:id/image',
    {
      preHandler: requireUser,
      schema: { summary: 'A user’s picture (an image), to whom may read the profile', tags, params: UserIdParams },
    },
    async (request, reply) => {
      const avatar = await profiles.avatar(currentUser(request), request.params.id);
      // the address changes with every upload (?v=…), so a day of private caching is safe
      return reply.header('cache-control', 'private, max-age=86400').type(avatar.type).send(avatar.body);
    },
  );

  // The language of the interface, remembered for the user (e-mails and server texts follow it).
  app.post(
    '/api/locale/select_lang',
    {
      preValidation: multipartFieldsAsBody,
      preHandler: requireUser,
      schema: { summary: 'Remember the interface language', tags, body: LanguageBody, response: Reply(LanguageSchema) },
    },
    async (request) => {
      await profiles.setLanguage(currentUser(request), request.body.lang);
      return ok(request.body.lang);
    },
  );
}
