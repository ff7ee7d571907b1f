import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, Envelope } from '@academy/shared/contract';

/** An error meant for the caller: its status and text reach the client as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly key?: string,
  ) {
    super(text);
  }
}

export const badRequest = (text: string, key?: string) => new ApiError(400, text, key);
export const unauthorized = (text = 'Sign in to continue', key?: string) => new ApiError(401, text, key);
export const forbidden = (text = 'You may not do this', key?: string) => new ApiError(403, text, key);
export const notFound = (text: string) => new ApiError(404, text);

/** Wraps a successful result in the reply envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { success: true, data, error: null };
}

export function failure(code: number, text: string, key?: string): Envelope<never> {
  const error: ApiErrorBody = key ? { code, text, key } : { code, text };
  return { success: false, data: null, error };
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  keyword: string;
}

/** Turns ajv's findings into one sentence a person can read: "username: is required; password: ...". */
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
  return `Invalid ${context ?? 'request'}: ${[...new Set(parts)].join('; ')}`;
}

const API_PREFIXES = ['/api/', '/api?', '/token', '/config/'];

export function isApiPath(url: string): boolean {
  return url === '/api' || API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(failure(error.status, error.text, error.key));
    }
    if (error.validation) {
      const text = describeValidation(error.validation as ValidationIssue[], error.validationContext);
      return reply.status(400).send(failure(400, text));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, too large, unsupported type, rate limit) have safe texts.
      return reply.status(status).send(failure(status, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(failure(500, 'Internal server error'));
  });
}
