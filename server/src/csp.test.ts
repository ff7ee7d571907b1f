import { createTestApp, type TestApp } from './testing/test-app';

/** Issue 29 (item 20): the avatar's preview (a `blob:` address made in the page) was refused by the CSP. */
describe('the content security policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('lets in a picture previewed from a file chosen in the page, and no other site’s', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/health' });
    const imgSrc = /img-src ([^;]*)/.exec(String(page.headers['content-security-policy']))![1]!.split(' ');
    expect(imgSrc).toContain('blob:');
    expect(imgSrc).not.toContain('*');
    expect(imgSrc).not.toContain('https:');
  });
});
