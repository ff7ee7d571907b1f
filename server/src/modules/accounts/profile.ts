import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, PASSWORD_MAX, PASSWORD_MIN, STAFF_ROLES, nameError, parseBirthday } from '@academy/shared/contract';
import { forbidden, notFound, ok } from '../../plugins/errors';
import { currentUser, requireUser, SESSION_COOKIE } from '../../plugins/session';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { toProfile } from '../profile/service';
import { accountError, hashToken, newPasswordColumns, rateLimit, requestLanguage } from './support';

type ImageType = 'image/gif' | 'image/jpeg' | 'image/png';

/** The picture type by the file's first bytes (never by its name or the browser's word). */
export function imageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  return null;
}

/** Shown for users without a picture: a neutral silhouette. */
const DEFAULT_AVATAR = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#eef0ff"/><circle cx="48" cy="38" r="18" fill="#9aa3d9"/><path d="M14 92c4-20 18-30 34-30s30 10 34 30" fill="#9aa3d9"/></svg>`;

const PASSWORD_LIMIT = { perSubject: 10, perAddress: 50, windowMinutes: 15 };

export default async function accountProfileRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  // Password change (spec 1 §7): the old password is checked; wrong guesses are rate-limited.
  app.put<{ Body: { oldPassword: string; newPassword: string } }>(
    '/api/user/profile/password',
    {
      preHandler: requireUser,
      schema: {
        body: {
          type: 'object',
          required: ['oldPassword', 'newPassword'],
          properties: { oldPassword: { type: 'string', maxLength: 200 }, newPassword: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const language = user.language;
      const { oldPassword, newPassword } = request.body;
      if (!oldPassword || !newPassword) throw accountError(language, 'password.required');
      if (newPassword.length < PASSWORD_MIN || newPassword.length > PASSWORD_MAX) throw accountError(language, 'password.length');
      if (!(await rateLimit(app.db, 'password', String(user.id), request.ip, PASSWORD_LIMIT))) {
        throw accountError(language, 'register.tooMany', 429);
      }
      if (!(await verifyPassword(oldPassword, user.password_hash))) throw accountError(language, 'password.wrongOld');
      if (oldPassword === newPassword) throw accountError(language, 'password.sameAsOld');
      const passwordHash = await hashPassword(newPassword);
      const updated = await app.db
        .updateTable('users')
        .set(newPasswordColumns(passwordHash))
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // other devices sign in again with the new password; this one stays signed in
      const current = request.cookies[SESSION_COOKIE];
      await app.db
        .deleteFrom('sessions')
        .where('user_id', '=', user.id)
        .where('id', '!=', current ? hashToken(current) : '')
        .execute();
      return ok(toProfile(updated));
    },
  );

  // Names and birthday; the e-mail is changed only through a curator (spec 2 §5).
  app.put<{ Body: { id: number; firstName: string; lastName: string; email?: string; birthday?: string | null } }>(
    '/api/user/profile',
    {
      preHandler: requireUser,
      schema: {
        body: {
          type: 'object',
          required: ['id', 'firstName', 'lastName'],
          properties: {
            id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            firstName: { type: 'string', maxLength: 60 },
            lastName: { type: 'string', maxLength: 60 },
            email: { type: 'string', maxLength: 254 },
            birthday: { type: ['string', 'null'], maxLength: 10 },
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const language = user.language;
      const body = request.body;
      if (body.id !== user.id) throw forbidden('You may change only your own details');
      if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw accountError(language, 'profile.emailChange');
      }
      const birthday = body.birthday ? parseBirthday(body.birthday) : null;
      if (body.birthday && !birthday) throw accountError(language, 'register.birthday');
      // the same name rules as registration
      const error = nameError(body.firstName, body.lastName);
      if (error) throw accountError(language, error);
      const updated = await app.db
        .updateTable('users')
        .set({ first_name: body.firstName.trim(), last_name: body.lastName.trim(), birthday })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return ok(toProfile(updated));
    },
  );

  // Avatar upload: gif, jpeg or png by content, at most 2 MB; oneself, or staff for anyone.
  app.post<{ Querystring: { userId: number } }>(
    '/api/user/profile/image',
    {
      preHandler: requireUser,
      schema: {
        querystring: {
          type: 'object',
          required: ['userId'],
          properties: { userId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const language = viewer.language;
      const targetId = request.query.userId;
      if (targetId !== viewer.id && !STAFF_ROLES.includes(viewer.role)) throw forbidden('You may change only your own picture');
      if (!request.isMultipart()) throw accountError(language, 'avatar.noFile');
      const file = await request.file();
      if (!file) throw accountError(language, 'avatar.noFile');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw accountError(language, 'avatar.tooLarge');
      }
      if (file.file.truncated || data.length > AVATAR_MAX_BYTES) throw accountError(language, 'avatar.tooLarge');
      if (data.length === 0) throw accountError(language, 'avatar.noFile');
      const type = imageType(data);
      if (!type) throw accountError(language, 'avatar.badType');
      const target = await app.db.selectFrom('users').select('id').where('id', '=', targetId).executeTakeFirst();
      if (!target) throw notFound(`There is no user with id ${targetId}`);
      const updated = await app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('user_avatars')
          .values({ user_id: targetId, content_type: type, data, updated_at: new Date() })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ content_type: type, data, updated_at: new Date() }))
          .execute();
        return trx
          .updateTable('users')
          .set({ avatar_url: `/api/user/profile/${targetId}/image?v=${Date.now().toString(36)}` })
          .where('id', '=', targetId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return ok(toProfile(updated));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/user/profile/:id/image',
    {
      preHandler: requireUser,
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
      },
    },
    async (request, reply) => {
      const avatar = await app.db
        .selectFrom('user_avatars')
        .select(['content_type', 'data'])
        .where('user_id', '=', request.params.id)
        .executeTakeFirst();
      // the address changes with every upload (?v=…), so a day of private caching is safe
      reply.header('cache-control', 'private, max-age=86400');
      if (!avatar) return reply.type('image/svg+xml').send(DEFAULT_AVATAR);
      return reply.type(avatar.content_type).send(Buffer.from(avatar.data));
    },
  );

  // The language of the interface, remembered for the user (e-mails and server texts follow it).
  app.post<{ Body: { lang?: string } }>(
    '/api/locale/select_lang',
    {
      preHandler: requireUser,
      schema: { body: { type: 'object', required: ['lang'], properties: { lang: { type: 'string', enum: ['ru', 'en'] } } } },
    },
    async (request) => {
      const lang = request.body.lang as 'ru' | 'en';
      await app.db.updateTable('users').set({ language: lang }).where('id', '=', currentUser(request).id).execute();
      return ok(lang);
    },
  );

  // The meeting link behind a code (reviews, calls): /meet?linkCode= (spec 2 §2.12).
  app.get<{ Querystring: { linkCode?: string } }>(
    '/api/meet/link',
    { schema: { querystring: { type: 'object', properties: { linkCode: { type: 'string', maxLength: 100 } } } } },
    async (request) => {
      const code = request.query.linkCode ?? '';
      const link = code
        ? await app.db
            .selectFrom('meet_links')
            .select('url')
            .where('code', '=', code)
            .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
            .executeTakeFirst()
        : undefined;
      if (!link) throw accountError(requestLanguage(request), 'meet.invalidToken', 404);
      return ok(link.url);
    },
  );

  // Contact and legal details for the public pages (spec 2 §2.16), from configuration.
  app.get('/api/public/site', async () => ok(app.config.site));
}
