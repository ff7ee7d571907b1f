import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Language } from '@academy/shared/contract';
import { translate, type MessageKey } from '@academy/shared/messages';
import type { Database } from '../../db/schema';
import { ApiError } from '../../plugins/errors';
import { hashToken } from '../auth/repository';

/** A random single-use token for a link, and the hash that is stored instead of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export { hashToken };

/** The language of a reply: the signed-in user's, else the page's (`lang`), else the browser's. */
export function requestLanguage(request: FastifyRequest, explicit?: string | null): Language {
  if (explicit === 'en' || explicit === 'ru') return explicit;
  if (request.user) return request.user.language;
  return /^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'ru';
}

/** A 400 (or another status) whose text is the catalogue's, in the reader's language, with its key. */
export function accountError(language: Language, key: MessageKey, status = 400): ApiError {
  return new ApiError(status, translate(language, key), key);
}

/**
 * Counts an event of a public call and refuses when the subject (an e-mail) or the address made too
 * many in the window. Kept in the database so that several server instances share the limit.
 */
export async function rateLimit(
  db: Kysely<Database>,
  kind: string,
  subject: string,
  address: string,
  limits: { perSubject: number; perAddress: number; windowMinutes: number },
): Promise<boolean> {
  const since = new Date(Date.now() - limits.windowMinutes * 60_000);
  const counts = await db
    .selectFrom('rate_events')
    .select((eb) => [
      eb.fn.count<string>('id').filterWhere('subject', '=', subject).as('subject'),
      eb.fn.count<string>('id').filterWhere('address', '=', address).as('address'),
    ])
    .where('kind', '=', kind)
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('subject', '=', subject), eb('address', '=', address)]))
    .executeTakeFirstOrThrow();
  if (Number(counts.subject) >= limits.perSubject || Number(counts.address) >= limits.perAddress) return false;
  await db.insertInto('rate_events').values({ kind, subject, address }).execute();
  return true;
}

/** PostgreSQL's unique-violation code, as both drivers report it. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** The columns a new password sets: its hash, and a required password change is lifted. */
export const newPasswordColumns = (passwordHash: string) => (eb: ExpressionBuilder<Database, 'users'>) => ({
  password_hash: passwordHash,
  inactivation_reason: eb
    .case()
    .when('inactivation_reason', '=', 'PASSWORD_CHANGE_REQUIRED')
    .then(null)
    .else(eb.ref('inactivation_reason'))
    .end(),
});
