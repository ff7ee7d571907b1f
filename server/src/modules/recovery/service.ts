import { type Language, type Profile } from '@academy/shared/contract';
import { isEmail, PASSWORD_MAX, PASSWORD_MIN, RECOVERY_MINUTES } from '@academy/shared/accounts';
import type { Static } from 'typebox';
import type { AppConfig } from '../../config';
import type { UserRow } from '../../db/schema';
import { ApiError, badRequest } from '../../common/errors';
import type { MailOutbox } from '../../plugins/mail-outbox';
import type { RateLimiter } from '../../plugins/rate-limit';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { isLinkToken, newLinkToken, type AuthRepository } from '../auth/repository';
import { SIGN_IN_ATTEMPTS } from '../auth/service';
import { recoveryMail } from '../mail/templates';
import { toProfile } from '../profile/service';
import type { UserRepository } from '../users/repository';
import { noAccountMail } from './mail';
import type { RecoveryRepository } from './repository';
import type { PasswordChangeBody, ResetBody } from './schemas';

/** A key of the server catalogue. */
type TextKey = ConstructorParameters<typeof ApiError>[1];

const RECOVERY_LIMIT = { perSubject: 3, perAddress: 10, windowMinutes: 60 };
const PASSWORD_LIMIT = { perSubject: 10, perAddress: 50, windowMinutes: 15 };

/** A refusal in the page's language (the recovery page names it: `lang`, `locale`). */
const refuse = (key: TextKey, language: Language, status = 400) => new ApiError(status, key, undefined, language);

const outsideLength = (password: string) => password.length < PASSWORD_MIN || password.length > PASSWORD_MAX;

/** Passwords: recovery by an e-mailed single-use link, and the change of a signed-in user's password. */
export function createRecoveryService(deps: {
  repository: RecoveryRepository;
  users: UserRepository;
  sessions: AuthRepository;
  limiter: RateLimiter;
  mail: MailOutbox;
  config: Pick<AppConfig, 'publicUrl'>;
}) {
  const { repository, users, sessions, limiter, mail, config } = deps;

  const liveReset = (token: string | undefined) => (isLinkToken(token) ? repository.findReset(token) : undefined);

  return {
    /**
     * Sends a recovery link. The answer is the same whether or not the e-mail has an account (no
     * enumeration), and so is the work: the same queries, a link stored only for an active account,
     * and a mail either way (without an account it says so). The e-mail and the address are
     * rate-limited, counted before any mail is written.
     */
    async sendLink(language: Language, rawEmail: string | undefined, address: string): Promise<void> {
      const email = (rawEmail ?? '').trim().toLowerCase();
      if (!isEmail(email)) throw refuse('register.email', language);
      if (!(await limiter.hit('recovery', email, address, RECOVERY_LIMIT))) throw refuse('register.tooMany', language, 429);
      const user = await users.findUserByEmail(email);
      const active = user && !user.blocked ? user : undefined;
      const { token, hash } = newLinkToken();
      const link = `${config.publicUrl}/recovery-pass?token=${token}&lang=${language}`;
      const message = active
        ? recoveryMail(language, active.email, link)
        : noAccountMail(language, email, `${config.publicUrl}/`);
      await repository.createReset(
        { tokenHash: hash, email, expiresAt: new Date(Date.now() + RECOVERY_MINUTES * 60_000) },
        (trx) => mail.enqueue(message, trx),
      );
    },

    /** Whether a recovery link is still good. */
    async ensure(token: string | undefined, language: Language): Promise<void> {
      if (!(await liveReset(token))) throw refuse('recovery.invalidToken', language);
    },

    /** Sets the new password with a valid link: single use, and every session of the account ends. */
    async reset(body: Static<typeof ResetBody>, language: Language): Promise<void> {
      const { token, password, confirmPassword } = body;
      if (outsideLength(password)) throw refuse('password.length', language);
      if (password !== confirmPassword) throw refuse('password.mismatch', language);
      if (!(await liveReset(token))) throw refuse('recovery.invalidToken', language);
      const user = await repository.resetPassword(token, await hashPassword(password));
      if (!user) throw refuse('recovery.invalidToken', language);
      await sessions.deleteUserSessions(user.id);
      await limiter.clear(SIGN_IN_ATTEMPTS, user.email.toLowerCase());
    },

    /**
     * Password change (spec 1 §7): the old password is checked and wrong guesses are rate-limited;
     * other devices sign in again with the new password, the one of `currentToken` stays signed in.
     */
    async change(
      user: UserRow,
      body: Static<typeof PasswordChangeBody>,
      address: string,
      currentToken: string | undefined,
    ): Promise<Profile> {
      const { oldPassword, newPassword } = body;
      if (!oldPassword || !newPassword) throw badRequest('password.required');
      if (outsideLength(newPassword)) throw badRequest('password.length');
      if (!(await limiter.hit('password', String(user.id), address, PASSWORD_LIMIT))) {
        throw new ApiError(429, 'register.tooMany');
      }
      if (!(await verifyPassword(oldPassword, user.password_hash))) throw badRequest('password.wrongOld');
      if (oldPassword === newPassword) throw badRequest('password.sameAsOld');
      const updated = await repository.setPassword(user.id, await hashPassword(newPassword));
      await sessions.deleteOtherSessions(user.id, currentToken);
      return toProfile(updated);
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
