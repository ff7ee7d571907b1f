import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Compile<F> = (route: { schema: object }) => F;

/**
 * A compiler that compiles each schema once per process: by the compiler's options (external schemas
 * included) and the schema's JSON, so a schema built again for another app (the routes build their
 * envelopes as they register) finds the function made for the first.
 */
function compiledOnce<F>(pools: Map<string, Map<string, F>>, optionsKey: string, compile: Compile<F>): Compile<F> {
  let pool = pools.get(optionsKey);
  if (!pool) pools.set(optionsKey, (pool = new Map()));
  return (route) => {
    const key = JSON.stringify(route.schema);
    let compiled = pool.get(key);
    if (!compiled) pool.set(key, (compiled = compile(route)));
    return compiled;
  };
}

/**
 * Each route's validator and reply serializer compiled once per process, whatever number of apps it
 * builds (Fastify's default compiles them for every instance). A server builds one app: nothing changes
 * there. The test suites build two or more per file (one per database), and compiling the routes'
 * schemas was ~0.7 s of each (a CPU profile of `createTestApp`, 2026-12-02). The functions are pure
 * (a schema and the options in, a validator or a serializer out), so apps can share them. Options
 * that are functions (Ajv plugins, `onCreate`) are not in the key: every app of ours passes the same.
 */
const validatorFactory = AjvCompiler();
const serializerFactory = SerializerSelector();
const validators = new Map<string, Map<string, unknown>>();
const serializers = new Map<string, Map<string, unknown>>();

const buildValidator: ValidatorFactory = (externalSchemas, options) =>
  compiledOnce(
    validators,
    JSON.stringify([externalSchemas, options]),
    validatorFactory(externalSchemas, options) as Compile<unknown>,
  ) as ReturnType<ValidatorFactory>;

const buildSerializer: SerializerFactory = (externalSchemas, options) =>
  compiledOnce(
    serializers,
    JSON.stringify([externalSchemas, options]),
    serializerFactory(externalSchemas, options) as Compile<unknown>,
  ) as ReturnType<SerializerFactory>;

export const sharedSchemaCompilers: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator, buildSerializer },
};
