/**
 * In a test file run in Node's own environment (`@jest-environment node`: no DOM, as an app's server
 * entry runs on the server), the session cookies of the test's calls are kept between them, as the
 * jsdom environment's fetch keeps them (tooling/jest/jsdom-env.cjs). Call it at the top of the file.
 */
export function keepSessionCookies(): void {
  const jar = new Map<string, string>();
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await nodeFetch(new Request(request, { headers }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };
  afterAll(() => {
    globalThis.fetch = nodeFetch;
  });
}
