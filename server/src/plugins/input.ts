import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { ApiError } from '../common/errors';

/** Where a request carries values to check, named as validation errors name them. */
const PARTS = ['params', 'querystring', 'body'] as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored: a NUL character (PostgreSQL refuses it) or a lone surrogate half. */
function badText(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain the NUL character';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (a lone surrogate half)';
  return null;
}

/** The first unusable value in parsed input (any depth, without recursion), described for a reader. */
function findBadValue(root: unknown, checkNumbers: boolean): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const why = badText(value);
      if (why) return `${path || 'value'}: ${why}`;
    } else if (typeof value === 'number') {
      if (checkNumbers && !Number.isFinite(value)) return `${path || 'value'}: must be a finite number`;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const why = badText(key);
        if (why) return `${path || 'value'}: a field name ${why}`;
        stack.push({ value: item, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}

/** A multipart body's boundary as RFC 2046 allows it: 1 to 70 characters, quoted or not. */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})(?:\s*;|\s*$)/i;

/** Why a multipart request cannot be read (no usable boundary), or null. */
function badMultipart(request: FastifyRequest): string | null {
  const type = request.headers['content-type'];
  if (!type || !/^\s*multipart\//i.test(type)) return null;
  return BOUNDARY.test(type) ? null : 'a multipart body needs a boundary of 1 to 70 characters in its content type';
}

function refuse(request: FastifyRequest, checkNumbers: boolean): void {
  if (!checkNumbers) {
    const why = badMultipart(request);
    if (why) throw new ApiError(400, 'server.invalidRequest', { context: 'body', details: why });
  }
  // after validation a number can be infinite anywhere: ajv coerces the text "1e309", in an address or
  // in a JSON body, to Infinity and still passes `maximum`
  for (const part of PARTS) {
    const value = part === 'params' ? request.params : part === 'querystring' ? request.query : request.body;
    const why = findBadValue(value, checkNumbers);
    if (why) throw new ApiError(400, 'server.invalidRequest', { context: part, details: why });
  }
}

/**
 * Input no database can store is a 400 before any handler sees it: text with a NUL character or a
 * lone surrogate half (before validation), numbers that validation let through as infinite (ajv
 * coerces "Infinity" and "1e309" to Infinity and still passes `maximum`), and a multipart body
 * without a usable boundary (its parser would fail inside the handler).
 */
export default fp(
  async function inputPlugin(app: App) {
    app.addHook('preValidation', async (request) => refuse(request, false));
    app.addHook('preHandler', async (request) => refuse(request, true));
  },
  { name: 'input', dependencies: ['errors'] },
);
