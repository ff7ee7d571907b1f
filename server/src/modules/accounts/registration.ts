import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DIRECTIONS,
  formatBirthday,
  freeRegistrationError,
  INVITATION_DAYS,
  invitationError,
  isEmail,
  parseBirthday,
  type Direction,
  type Language,
  type PaymentType,
} from '@academy/shared/contract';
import type { UserRow } from '../../db/schema';
import { ok } from '../../plugins/errors';
import { currentUser, requireRoles } from '../../plugins/session';
import { setSessionCookie } from '../auth/routes';
import { createAuthRepository } from '../auth/repository';
import { hashPassword } from '../auth/passwords';
import { toProfile } from '../profile/service';
import { invitationMail } from '../mail/templates';
import { accountError, hashToken, isUniqueViolation, newToken, rateLimit, requestLanguage } from './support';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const REGISTRATION_LIMIT = { perSubject: 5, perAddress: 20, windowMinutes: 60 };

export default async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const auth = createAuthRepository(app.db);

  async function limited(request: FastifyRequest, email: string, language: Language) {
    if (!(await rateLimit(app.db, 'register', email.toLowerCase(), request.ip, REGISTRATION_LIMIT))) {
      throw accountError(language, 'register.tooMany', 429);
    }
  }

  /** Creates the account; a taken e-mail (also when two requests race) is a clear 400. */
  async function createUser(
    language: Language,
    values: {
      email: string;
      password: string;
      firstName: string;
      lastName: string;
      birthday: string;
      role: 'STUDENT' | 'PAY_STUDENT';
      paymentType: PaymentType;
      direction: Direction;
    },
    beforeInsert?: (trx: typeof app.db) => Promise<void>,
  ): Promise<UserRow> {
    const passwordHash = await hashPassword(values.password);
    try {
      return await app.db.transaction().execute(async (trx) => {
        if (beforeInsert) await beforeInsert(trx);
        return trx
          .insertInto('users')
          .values({
            email: values.email.trim(),
            password_hash: passwordHash,
            first_name: values.firstName.trim(),
            last_name: values.lastName.trim(),
            birthday: parseBirthday(values.birthday),
            avatar_url: null,
            role: values.role,
            payment_type: values.paymentType,
            direction: values.direction,
            inactivation_reason: null,
            language,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw accountError(language, 'register.emailTaken');
      throw error;
    }
  }

  // Free registration (/start, /demo): a paying-student account of the chosen direction, signed in at once.
  app.post<{ Params: { language: Language }; Body: Record<string, unknown> }>(
    '/api/registration/free/:language',
    {
      schema: {
        params: { type: 'object', required: ['language'], properties: { language: { type: 'string', enum: ['ru', 'en'] } } },
        body: {
          type: 'object',
          properties: {
            firstName: text(60),
            lastName: text(60),
            email: text(254),
            password: text(200),
            paymentType: { type: 'string', enum: ['REGULAR', 'TRIAL'] },
            direction: text(10),
            birthday: text(10),
          },
          required: ['paymentType'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const language = request.params.language;
      const body = request.body;
      const error = freeRegistrationError(body);
      if (error) throw accountError(language, error);
      await limited(request, body.email as string, language);
      const user = await createUser(language, {
        email: body.email as string,
        password: body.password as string,
        firstName: body.firstName as string,
        lastName: body.lastName as string,
        birthday: body.birthday as string,
        role: 'PAY_STUDENT',
        paymentType: body.paymentType as PaymentType,
        direction: body.direction as Direction,
      });
      // signed in with remember-me (spec 2 §2.10)
      const session = await auth.createSession(user.id, true);
      setSessionCookie(reply, session.token, true, app.config.cookieSecure);
      return ok(toProfile(user));
    },
  );

  /** The invitation behind a link: unused, unexpired, for that kind of registration; else a 400. */
  async function findInvitation(hash: unknown, role: 'STUDENT' | 'PAY_STUDENT', language: Language) {
    if (typeof hash !== 'string' || hash.length < 20 || hash.length > 100) throw accountError(language, 'register.invalidToken');
    const invitation = await app.db
      .selectFrom('invitations')
      .selectAll()
      .where('token_hash', '=', hashToken(hash))
      .where('role', '=', role)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!invitation) throw accountError(language, 'register.invalidToken');
    return invitation;
  }

  const tokenInfo = (role: 'STUDENT' | 'PAY_STUDENT') => async (request: FastifyRequest<{ Body: { hash?: unknown } }>) => {
    const invitation = await findInvitation(request.body?.hash, role, requestLanguage(request));
    return ok({ email: invitation.email });
  };
  const hashBody = { type: 'object', properties: { hash: text(100) } } as const;
  app.post('/api/registration/token_info', { schema: { body: hashBody } }, tokenInfo('PAY_STUDENT'));
  app.post('/api/registration/enrollee/token_info', { schema: { body: hashBody } }, tokenInfo('STUDENT'));

  /** Registration by invitation: the e-mail, role, payment type and direction come from the invitation. */
  const register = (role: 'STUDENT' | 'PAY_STUDENT') => async (request: FastifyRequest<{ Body: Record<string, unknown> }>) => {
    const language = requestLanguage(request);
    const body = request.body;
    const birthday =
      role === 'PAY_STUDENT' && body.day !== undefined
        ? formatBirthday(Number(body.day), Number(body.month), Number(body.year))
        : (body.birthday as string | undefined);
    const error = invitationError({ ...body, birthday }, role === 'PAY_STUDENT');
    if (error) throw accountError(language, error);
    const invitation = await findInvitation(body.hash, role, language);
    await createUser(
      language,
      {
        email: invitation.email,
        password: body.password as string,
        firstName: body.firstName as string,
        lastName: body.lastName as string,
        birthday: birthday!,
        role,
        paymentType: invitation.payment_type,
        direction: invitation.direction,
      },
      // single use: the invitation is taken in the same transaction, so two submissions cannot both register
      async (trx) => {
        const taken = await trx
          .updateTable('invitations')
          .set({ used_at: new Date() })
          .where('id', '=', invitation.id)
          .where('used_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!taken) throw accountError(language, 'register.invalidToken');
      },
    );
    return ok(true);
  };
  const invitationBody = {
    type: 'object',
    properties: {
      firstName: text(60),
      lastName: text(60),
      email: text(254),
      password: text(200),
      confirmPassword: text(200),
      birthday: text(10),
      day: { type: ['integer', 'string'], maxLength: 2 },
      month: { type: ['integer', 'string'], maxLength: 2 },
      year: { type: ['integer', 'string'], maxLength: 4 },
      hash: text(100),
    },
    additionalProperties: false,
  } as const;
  app.post('/api/registration', { schema: { body: invitationBody } }, register('PAY_STUDENT'));
  app.post('/api/registration/enrollee', { schema: { body: invitationBody } }, register('STUDENT'));

  // Invitations are made by an administrator: the link is returned and sent by e-mail.
  app.post<{
    Body: { email: string; role: 'STUDENT' | 'PAY_STUDENT'; paymentType: PaymentType; direction: Direction; language?: Language };
  }>(
    '/api/admin/invitations',
    {
      preHandler: requireRoles(['ADMIN']),
      schema: {
        body: {
          type: 'object',
          required: ['email', 'role', 'paymentType', 'direction'],
          properties: {
            email: { type: 'string', maxLength: 254 },
            role: { type: 'string', enum: ['STUDENT', 'PAY_STUDENT'] },
            paymentType: { type: 'string', enum: ['UNTIL_PAID', 'TRIAL', 'REGULAR'] },
            direction: { type: 'string', enum: [...DIRECTIONS] },
            language: { type: 'string', enum: ['ru', 'en'] },
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { email, role, paymentType, direction } = request.body;
      const language = request.body.language ?? 'ru';
      if (!isEmail(email.trim())) throw accountError(requestLanguage(request), 'register.email');
      const exists = await app.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .executeTakeFirst();
      if (exists) throw accountError(requestLanguage(request), 'register.emailTaken');
      const { token, hash } = newToken();
      const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000);
      const path = role === 'STUDENT' ? `/registration/enrollee/${token}` : `/registration/${token}`;
      const link = `${app.config.publicUrl}${path}`;
      await app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('invitations')
          .values({
            token_hash: hash,
            email: email.trim(),
            role,
            payment_type: paymentType,
            direction,
            created_by: currentUser(request).id,
            expires_at: expiresAt,
          })
          .execute();
        await app.mail.enqueue(invitationMail(language, email.trim(), link, INVITATION_DAYS), trx);
      });
      return ok({ link, expiresAt: expiresAt.toISOString() });
    },
  );
}
