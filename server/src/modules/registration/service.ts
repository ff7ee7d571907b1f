import { DIRECTIONS, type Language, type LearnerRole } from '@academy/shared/contract';
import {
  formatBirthday,
  freeRegistrationError,
  INVITATION_DAYS,
  invitationError,
  isEmail,
  parseBirthday,
} from '@academy/shared/accounts';
import type { Static } from 'typebox';
import type { AppConfig } from '../../config';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { ApiError, badRequest } from '../../common/errors';
import type { MailOutbox } from '../../plugins/mail-outbox';
import type { RateLimiter } from '../../plugins/rate-limit';
import { hashPassword } from '../auth/passwords';
import { isLinkToken, newLinkToken } from '../auth/repository';
import { writeAudit } from '../admin/change-repository';
import { invitationMail } from '../mail/templates';
import type { UserRepository } from '../users/repository';
import type { RegistrationRepository } from './repository';
import type { FreeRegistrationBody, InvitationBody, NewInvitationBody } from './schemas';

/** A key of the server catalogue. */
type TextKey = ConstructorParameters<typeof ApiError>[1];

const REGISTRATION_LIMIT = { perSubject: 5, perAddress: 20, windowMinutes: 60 };

/** A refusal in the page's language (free registration names it in its address). */
const refuse = (key: TextKey, language?: Language, status = 400) => new ApiError(status, key, undefined, language);

/** Registration (spec 2 §2.10–2.11): free sign-up, sign-up by invitation, invitations by an administrator. */
export function createRegistrationService(deps: {
  repository: RegistrationRepository;
  users: UserRepository;
  limiter: RateLimiter;
  mail: MailOutbox;
  config: Pick<AppConfig, 'publicUrl'>;
  clock: Clock;
}) {
  const { repository, users, limiter, mail, config, clock } = deps;

  /** The invitation behind a link: unused, unexpired, for that kind of registration; else a 400. */
  async function liveInvitation(hash: string | undefined, role: LearnerRole) {
    if (!isLinkToken(hash)) throw badRequest('register.invalidToken');
    const invitation = await repository.findInvitation(hash);
    if (!invitation || invitation.role !== role) throw badRequest('register.invalidToken');
    return { invitation, hash };
  }

  return {
    /** Free registration (/start, /demo): a paying-student account of the chosen direction. */
    async registerFree(language: Language, body: Static<typeof FreeRegistrationBody>, address: string): Promise<UserRow> {
      const error = freeRegistrationError(body);
      if (error) throw refuse(error, language);
      // the rules above guarantee every field; the narrowing is for the types
      const { email = '', password = '', firstName = '', lastName = '', birthday = '' } = body;
      const direction = DIRECTIONS.find((known) => known === body.direction);
      if (!direction) throw refuse('register.direction', language);
      if (!(await limiter.hit('register', email.toLowerCase(), address, REGISTRATION_LIMIT))) {
        throw refuse('register.tooMany', language, 429);
      }
      const user = await repository.createUser({
        email: email.trim(),
        passwordHash: await hashPassword(password),
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        birthday: parseBirthday(birthday),
        role: 'PAY_STUDENT',
        paymentType: body.paymentType,
        direction,
        language,
      });
      if (user === 'emailTaken') throw refuse('register.emailTaken', language);
      return user;
    },

    async tokenInfo(hash: string | undefined, role: LearnerRole): Promise<{ email: string }> {
      const { invitation } = await liveInvitation(hash, role);
      return { email: invitation.email };
    },

    /** Registration by invitation: the e-mail, role, payment type and direction come from the invitation. */
    async registerInvited(role: LearnerRole, body: Static<typeof InvitationBody>, language: Language): Promise<void> {
      const birthday =
        role === 'PAY_STUDENT' && body.day !== undefined
          ? formatBirthday(Number(body.day), Number(body.month), Number(body.year))
          : body.birthday;
      const error = invitationError({ ...body, birthday }, role === 'PAY_STUDENT');
      if (error) throw badRequest(error);
      const { hash } = await liveInvitation(body.hash, role);
      const user = await repository.createInvitedUser(hash, role, {
        passwordHash: await hashPassword(body.password ?? ''),
        firstName: (body.firstName ?? '').trim(),
        lastName: (body.lastName ?? '').trim(),
        birthday: parseBirthday(birthday ?? ''),
        language,
      });
      if (user === 'invalidToken') throw badRequest('register.invalidToken');
      if (user === 'emailTaken') throw badRequest('register.emailTaken');
    },

    /**
     * An administrator's invitation: the link is returned and sent by e-mail in the invitation's
     * language; the administration's log records it (docs/administration.md, "Administration").
     */
    async invite(admin: UserRow, body: Static<typeof NewInvitationBody>): Promise<{ link: string; expiresAt: string }> {
      const email = body.email.trim();
      if (!isEmail(email)) throw badRequest('register.email');
      if (await users.findUserByEmail(email)) throw badRequest('register.emailTaken');
      const { token, hash } = newLinkToken();
      const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000);
      const path = body.role === 'STUDENT' ? `/registration/enrollee/${token}` : `/registration/${token}`;
      const link = `${config.publicUrl}${path}`;
      await repository.createInvitation(
        {
          tokenHash: hash,
          email,
          role: body.role,
          paymentType: body.paymentType,
          direction: body.direction,
          createdBy: admin.id,
          expiresAt,
        },
        async (trx, id) => {
          await mail.enqueue(invitationMail(body.language ?? 'ru', email, link, INVITATION_DAYS), trx);
          await writeAudit(trx, {
            actorId: admin.id,
            userId: null,
            invitationId: id,
            action: 'INVITATION_CREATED',
            oldValue: null,
            newValue: { email, role: body.role, paymentType: body.paymentType, direction: body.direction },
            at: clock.now(),
          });
        },
      );
      return { link, expiresAt: expiresAt.toISOString() };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
