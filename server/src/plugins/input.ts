import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { ApiError } from './errors';

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

function refuse(request: FastifyRequest, checkNumbers: boolean): void {
  // after validation only the address's values can be infinite (a JSON body's 1e309 fails ajv's checks)
  for (const part of checkNumbers ? PARTS.slice(0, 2) : PARTS) {
    const value = part === 'params' ? request.params : part === 'querystring' ? request.query : request.body;
    const why = findBadValue(value, checkNumbers);
    if (why) throw new ApiError(400, 'server.invalidRequest', { context: part, details: why });
  }
}

/**
 * Input no database can store is a 400 before any handler sees it: text with a NUL character or a
 * lone surrogate half (before validation), and numbers that validation let through as infinite (ajv
 * coerces "Infinity" and "1e309" in addresses to Infinity and still passes `maximum`).
 */
export default fp(
  async function inputPlugin(app: App) {
    app.addHook('preValidation', async (request) => refuse(request, false));
    app.addHook('preHandler', async (request) => refuse(request, true));
  },
  { name: 'input', dependencies: ['errors'] },
);
