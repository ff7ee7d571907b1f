import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '@academy/shared/contract';
import { ApiError, failure } from '../common/errors';
import { translate, type ServerTextKey } from '@academy/shared/server-texts';

/**
 * The cookie the shell writes with the interface language (only for a language other than Russian): the
 * served page is in it (plugins/static/), and so are a visitor's error texts.
 */
export const LANGUAGE_COOKIE = 'academy_lang';

/**
 * The language of a reply: the signed-in user's, else the interface's (its cookie: a visitor who chose
 * English on the sign-in page reads the server's errors in English), else the browser's
 * (Accept-Language), else Russian. The browser shows the server's error texts as they come.
 */
export function requestLanguage(request: FastifyRequest, explicit?: string | null): Language {
  if (explicit === 'en' || explicit === 'ru') return explicit;
  if (request.user) return request.user.language;
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  if (chosen === 'en' || chosen === 'ru') return chosen;
  return /^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'ru';
}

/** The text of an error in the reader's language. */
export function errorText(request: FastifyRequest, error: ApiError): string {
  return translate(error.language ?? requestLanguage(request), error.key, error.params);
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  keyword: string;
}

/** Turns ajv's findings into one line a person can read: "username: is required; password: ...". */
export function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const parts = issues.map((issue) => {
    const field =
      issue.keyword === 'required'
        ? String(issue.params.missingProperty)
        : issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'request';
    let message = issue.message ?? 'is invalid';
    if (issue.keyword === 'required') message = 'is required';
    if (issue.keyword === 'additionalProperties') {
      return `${String(issue.params.additionalProperty)}: is not an allowed field`;
    }
    return `${field}: ${message}`;
  });
  return [...new Set(parts)].join('; ');
}

const API_PREFIXES = ['/api/', '/api?', '/token', '/config/'];

export function isApiPath(url: string): boolean {
  return url === '/api' || API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Fastify's own client errors (bad JSON, too large, unsupported type, rate limit) by status. */
const CLIENT_ERROR_KEYS: Partial<Record<number, ServerTextKey>> = {
  404: 'server.routeNotFound',
  406: 'server.invalidRequest',
  413: 'server.tooLarge',
  415: 'server.unsupportedType',
  429: 'server.tooManyRequests',
};

function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
  return reply.status(error.status).send(failure(error.status, errorText(request, error), error.key.replace(/^server\./, '')));
}

/** The error handler: every failure leaves as the envelope with a catalogue text and its key. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) return sendError(request, reply, error);
      if (error.validation) {
        const context = error.validationContext ?? 'request';
        const details = describeValidation(error.validation as ValidationIssue[], context);
        return sendError(request, reply, new ApiError(400, 'server.invalidRequest', { context, details }));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const key = CLIENT_ERROR_KEYS[status];
        if (key) return sendError(request, reply, new ApiError(status, key, { details: error.message }));
        return sendError(
          request,
          reply,
          new ApiError(status, 'server.invalidRequest', { context: 'request', details: error.message }),
        );
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, new ApiError(500, 'server.internal'));
    });
  },
  { name: 'errors' },
);
