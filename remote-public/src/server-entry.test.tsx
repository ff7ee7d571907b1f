/**
 * @jest-environment node
 */
import { render } from './server-entry';

// The landing page as the server renders it (docs/architecture.md, "Server rendering"), in a process that
// has not shown English yet: the English texts are loaded before the page and its title are made.
const noCalls: typeof fetch = async () => new Response(null, { status: 403 });

describe("the public remote's server entry", () => {
  it('renders the landing page in English with its English title on the first English request', async () => {
    const view = await render({ url: '/', language: 'en', profile: null, fetch: noCalls });
    expect(view?.title).toMatch(/— Academy$/);
    expect(view?.html).toContain('<h1 id="prerendered-landing-title">Become a developer with the Academy</h1>');
    const { title } = (await render({ url: '/', language: 'ru', profile: null, fetch: noCalls })) ?? {};
    expect(title).toMatch(/— Академия$/);
  });

  it('renders no other page', async () => {
    expect(await render({ url: '/start', language: 'ru', profile: null, fetch: noCalls })).toBeNull();
  });
});
