import { sanitizeRichHtml } from './index';

const link = (href: string) => sanitizeRichHtml(`<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">link</a>`);

describe('sanitizeRichHtml: links as the server keeps them', () => {
  it('keeps absolute http, https and mailto links with their rel and target', () => {
    for (const href of ['https://academy.example/x?y=1#z', 'http://academy.example', 'mailto:help@academy.example']) {
      const html = link(href);
      expect(html).toContain(`href="${href}"`);
      expect(html).toContain('rel="noopener noreferrer nofollow"');
      expect(html).toContain('target="_blank"');
    }
  });

  it('drops protocol-relative, backslash, relative and script addresses, keeping the text', () => {
    for (const href of [
      '//evil.example/x',
      '/\\evil.example',
      'http:\\\\evil.example',
      'https:/\\evil.example',
      'https://evil.example\\@academy.example',
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      '/user/courses',
    ]) {
      const html = link(href);
      expect({ href, html }).toEqual({ href, html: expect.not.stringContaining('href') });
      expect(html).toContain('>link</a>');
    }
  });

  it('drops what is not on the allow-list', () => {
    expect(sanitizeRichHtml('<p onclick="x()">a<img src=x onerror="y()"><script>z()</script></p>')).toBe('<p>a</p>');
  });
});
