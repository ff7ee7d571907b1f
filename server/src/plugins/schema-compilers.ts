import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compile<F> = (route: { schema: object }) => F;

type Factory = (externalSchemas: never, options: never) => unknown;

/**
 * `factory` made to compile each schema once per process: the compilers it makes are kept by their
 * options (external schemas included), and each compiled function by its schema's JSON, so a schema
 * built again for another app (the routes build their envelopes as they register) finds the function
 * made for the first.
 */
function compilingOnce<F extends Factory>(factory: F): F {
  const pools = new Map<string, Map<string, unknown>>();
  return ((externalSchemas, options) => {
    const optionsKey = JSON.stringify([externalSchemas, options]);
    let pool = pools.get(optionsKey);
    if (!pool) pools.set(optionsKey, (pool = new Map()));
    const compile = factory(externalSchemas, options) as Compile<unknown>;
    return (route: { schema: object }) => {
      const key = JSON.stringify(route.schema);
      let compiled = pool.get(key);
      if (!compiled) pool.set(key, (compiled = compile(route)));
      return compiled;
    };
  }) as F;
}

/**
 * Each route's validator and reply serializer compiled once per process, whatever number of apps it
 * builds (Fastify's default compiles them for every instance). A server builds one app: nothing changes
 * there. The test suites build two or more per file (one per database), and compiling the routes'
 * schemas was ~0.7 s of each (a CPU profile of `createTestApp`, 2026-12-02). The functions are pure
 * (a schema and the options in, a validator or a serializer out), so apps can share them. Options
 * that are functions (Ajv plugins, `onCreate`) are not in the key: every app of ours passes the same.
 */
export const sharedSchemaCompilers: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: compilingOnce(AjvCompiler()),
    buildSerializer: compilingOnce(SerializerSelector()),
  },
};
