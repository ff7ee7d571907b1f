// jsdom plus Node's fetch with a cookie jar, so frontend tests talk to the real server in-process
// the way a browser would (httpOnly session cookie included; Node's FormData, File, Blob and
// URLSearchParams, so forms and uploads reach it as a browser sends them). MessageChannel is left out on purpose:
// with it React's scheduler keeps jest from exiting.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithServer extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const jar = new Map();
    const base = process.env.ACADEMY_TEST_API_URL;
    const nodeFetch = globalThis.fetch;
    const g = this.global;
    for (const name of [
      'Request',
      'Response',
      'Headers',
      'FormData',
      'File',
      'Blob',
      'URLSearchParams',
      'AbortController',
      'AbortSignal',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
      'structuredClone',
    ]) {
      g[name] = globalThis[name];
    }
    g.fetch = async (input, init) => {
      const raw = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
      const url = raw.startsWith('/') ? `${base}${raw}` : raw;
      const request = new Request(typeof input === 'string' || input instanceof URL ? url : new Request(url, input), init);
      const headers = new Headers(request.headers);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await nodeFetch(new Request(request, { headers }));
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attributes.some(
          (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()),
        );
        if (!value || expired) jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    };
    g.__academyCookies = { clear: () => jar.clear(), size: () => jar.size };
  }
}

module.exports = JsdomWithServer;
