import { Type } from 'typebox';
import { sharedSchemaCompilers } from './schema-compilers';

const { buildValidator, buildSerializer } = sharedSchemaCompilers!.compilersFactory!;
const route = (schema: object) => ({ schema, method: 'POST', url: '/x', httpPart: 'body', httpStatus: '200' }) as never;
const ajvOptions = { customOptions: { coerceTypes: 'array', allErrors: true } } as never;

describe('schema compilers shared by the apps of a process', () => {
  it('gives an equal schema built again (another app) the function compiled for the first', () => {
    const first = (buildSerializer!({}, {}) as (r: never) => unknown)(route(Type.Object({ a: Type.Integer() })));
    const again = (buildSerializer!({}, {}) as (r: never) => unknown)(route(Type.Object({ a: Type.Integer() })));
    expect(again).toBe(first);
    const validator = (buildValidator!({}, ajvOptions) as (r: never) => unknown)(route(Type.Object({ a: Type.Integer() })));
    expect((buildValidator!({}, ajvOptions) as (r: never) => unknown)(route(Type.Object({ a: Type.Integer() })))).toBe(validator);
  });

  it('compiles another schema, or the same with other options, anew, and each does its own job', () => {
    const serialize = (buildSerializer!({}, {}) as (r: never) => (data: unknown) => string)(
      route(Type.Object({ a: Type.Integer() })),
    );
    const other = (buildSerializer!({}, {}) as (r: never) => (data: unknown) => string)(
      route(Type.Object({ b: Type.Integer() })),
    );
    expect(other).not.toBe(serialize);
    // a serializer writes its schema's fields only: what a reply may show
    expect(serialize({ a: 1, secret: 'x' })).toBe('{"a":1}');
    expect(other({ a: 1, b: 2 })).toBe('{"b":2}');
    const strict = (
      buildValidator!({}, { customOptions: { coerceTypes: false } } as never) as (r: never) => (data: unknown) => boolean
    )(route(Type.Object({ a: Type.Integer() })));
    const coercing = (buildValidator!({}, ajvOptions) as (r: never) => (data: unknown) => boolean)(
      route(Type.Object({ a: Type.Integer() })),
    );
    expect(strict).not.toBe(coercing);
    expect(strict({ a: '1' })).toBe(false);
    expect(coercing({ a: '1' })).toBe(true);
  });
});
