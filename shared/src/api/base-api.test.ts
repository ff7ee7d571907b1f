import { api, createAcademyStore, setApiBaseUrl, type ApiFailure } from '.';
import { testApiUrl } from '../testing';

// an address the server does not have: its 404 carries a text a person reads
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    languageTestMissing: build.query<unknown, void>({ query: () => '/api/no/such/thing' }),
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
