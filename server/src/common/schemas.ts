import { Type, type TSchema } from 'typebox';

/** A database id: a positive 32-bit integer. */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** Path parameters that are all ids: `IdParams('courseId', 'studentId')`. */
export function IdParams<const K extends string>(...names: K[]) {
  return Type.Object(Object.fromEntries(names.map((name) => [name, Id])) as { [P in K]: typeof Id });
}

/** The reply envelope of a successful call: `{ success, data, error }`. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data, error: Type.Null() });
}

/** The 200 reply of a route: the envelope around `data`. */
export function Reply<T extends TSchema>(data: T) {
  return { 200: Envelope(data) };
}

/** A text bounded in length. */
export const Text = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ maxLength, ...options });

/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
