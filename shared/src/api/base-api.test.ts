import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, createAcademyStore, setApiBaseUrl, type ApiFailure } from '.';
import { testApiUrl } from '../testing';

// an address the server does not have: its 404 carries a text a person reads
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    languageTestMissing: build.query<unknown, void>({ query: () => '/api/no/such/thing' }),
    languageTestAnything: build.query<unknown, void>({ query: () => '/api/anything' }),
  }),
});

/**
 * The browser shows the server's error texts as they come (`useServerText`, issue 14): every call says
 * the page's language (`<html lang>`), so a visitor reads them in the language the page is shown in,
 * whatever the browser's own language.
 */
describe('the server’s texts in the page’s language', () => {
  beforeAll(() => setApiBaseUrl(testApiUrl()));
  afterAll(() => {
    document.documentElement.lang = '';
  });

  it.each([
    ['en', 'Not found: GET /api/no/such/thing'],
    ['ru', 'Нет такого адреса: GET /api/no/such/thing'],
  ])('a page in %s gets the error in it', async (language, text) => {
    document.documentElement.lang = language;
    const store = createAcademyStore();
    const result = await store.dispatch(testApi.endpoints.languageTestMissing.initiate());
    expect(result.error as ApiFailure).toMatchObject({ status: 404, text });
  });
});

/**
 * A reply that is not the academy's (a proxy's bare 502, an HTML error page) or no reply at all (the
 * server is down): the page says so in its own language, not "Unknown Server Error" (issue 29, item 17).
 */
describe('a failure without the server’s text, in the page’s language', () => {
  let proxy: http.Server;
  let proxyUrl = '';
  beforeAll(async () => {
    proxy = http.createServer((request, response) => {
      if (request.url?.startsWith('/html')) {
        response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad Gateway</body></html>');
      } else response.writeHead(502).end();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    setApiBaseUrl(testApiUrl());
    document.documentElement.lang = '';
    await new Promise((resolve) => proxy.close(resolve));
  });

  const failure = async (base: string) => {
    setApiBaseUrl(base);
    const store = createAcademyStore();
    const result = await store.dispatch(testApi.endpoints.languageTestAnything.initiate());
    return result.error as ApiFailure;
  };

  it.each([
    ['ru', 'Неизвестная ошибка сервера', 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.'],
    ['en', 'Unknown server error', 'No connection to the server. Check your connection and try again.'],
  ])('a page in %s', async (language, unknown, offline) => {
    document.documentElement.lang = language;
    expect(await failure(proxyUrl)).toMatchObject({ status: 502, text: unknown });
    expect(await failure(`${proxyUrl}/html`)).toMatchObject({ text: unknown });
    // nobody listens on port 9 of this machine
    expect(await failure('http://127.0.0.1:9')).toMatchObject({ status: 'FETCH_ERROR', text: offline });
  });
});

/**
 * A request the server shed for overload (issue 33: 503 `overloaded` with Retry-After, refused before
 * anything ran) is sent again after the wait it asks for, twice at most; other 503s are not.
 */
describe('a request shed for overload', () => {
  let server: http.Server;
  let base = '';
  const seen: string[] = [];
  let shedFirst = 0;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(request.url ?? '');
      const json = { 'content-type': 'application/json' };
      if (request.url === '/api/anything' && shedFirst > 0) {
        shedFirst -= 1;
        const error = { code: 503, text: 'The server is overloaded right now.', key: 'overloaded' };
        response.writeHead(503, { ...json, 'retry-after': '0' }).end(JSON.stringify({ success: false, data: null, error }));
      } else if (request.url === '/api/anything') {
        response.writeHead(200, json).end(JSON.stringify({ success: true, data: 'answered', error: null }));
      } else {
        const error = { code: 503, text: 'The checker is busy.', key: 'sandboxBusy' };
        response.writeHead(503, { ...json, 'retry-after': '0' }).end(JSON.stringify({ success: false, data: null, error }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    setApiBaseUrl(base);
  });
  afterAll(async () => {
    setApiBaseUrl(testApiUrl());
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it('is sent again and answered', async () => {
    shedFirst = 2;
    const result = await createAcademyStore().dispatch(testApi.endpoints.languageTestAnything.initiate());
    expect(result.data).toBe('answered');
    expect(seen).toEqual(['/api/anything', '/api/anything', '/api/anything']);
  });

  it('shows the failure after two more refusals', async () => {
    shedFirst = 5;
    const result = await createAcademyStore().dispatch(testApi.endpoints.languageTestAnything.initiate());
    expect(result.error as ApiFailure).toMatchObject({ status: 503, key: 'overloaded' });
    expect(seen).toHaveLength(3);
  });

  it('another 503 is shown at once', async () => {
    const result = await createAcademyStore().dispatch(testApi.endpoints.languageTestMissing.initiate());
    expect(result.error as ApiFailure).toMatchObject({ status: 503, key: 'sandboxBusy' });
    expect(seen).toHaveLength(1);
  });
});
