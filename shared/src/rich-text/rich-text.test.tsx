import { renderToString } from 'react-dom/server';
import { isRichTextEmpty, RichHtml, sanitizeRichHtml } from './index';

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

  it('gives every kept link the academy’s target and rel, whatever the text had', () => {
    const html = sanitizeRichHtml(
      '<a href="https://academy.example" target="_self" rel="opener">x</a><a target="_top" rel="opener">y</a>',
    );
    expect(html).toBe('<a href="https://academy.example" target="_blank" rel="noopener noreferrer nofollow">x</a><a>y</a>');
  });

  it('checks and keeps an address as the browser reads it', () => {
    // the URL parser strips the ends' controls and spaces and every tab or newline, nothing else
    expect(link(' https://academy.example/a\n')).toContain('href="https://academy.example/a"');
    expect(link('https://academy.exa\tmple/')).toContain('href="https://academy.example/"');
    // a no-break space is not stripped: this is a relative address to the browser, so it goes
    expect(link('\u00a0https://evil.example')).not.toContain('href');
    expect(link('&#x6a;avascript:alert(1)')).not.toContain('href');
  });

  it('drops what is not on the allow-list', () => {
    expect(sanitizeRichHtml('<p onclick="x()">a<img src=x onerror="y()"><script>z()</script></p>')).toBe('<p>a</p>');
  });
});

describe('sanitizeRichHtml: the allow-list holds against what a browser parses', () => {
  it('keeps the allowed formatting as it is', () => {
    const html =
      '<h3>Title</h3><p>a <strong>b</strong> <em>c</em> <b>d</b> <i>e</i> <u>f</u> <s>g</s><br><code>h</code></p>' +
      '<pre>x = 1</pre><blockquote>q</blockquote><ul><li>1</li></ul><ol><li>2</li></ol><h4>t</h4>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('unwraps other elements in place, keeping their text in order, and drops every other attribute', () => {
    expect(sanitizeRichHtml('<div class="x" style="color:red">a<span id="y">b<b title="t">c</b>d</span>e</div>f')).toBe(
      'a' + 'b<b>c</b>d' + 'ef',
    );
    expect(sanitizeRichHtml('<p data-x="1" onmouseover="x()" style="x">p</p>')).toBe('<p>p</p>');
  });

  it('drops scripts, styles, frames, embedded and foreign content with everything inside them', () => {
    for (const html of [
      '<script>alert(1)</script>',
      '<style>*{}</style>',
      '<template><p>t</p></template>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<object data="x"></object><embed src="x">',
      '<svg><script>alert(1)</script><a href="https://x.example">s</a></svg>',
      '<math><mi><mglyph><style><img src=x onerror=alert(1)></style></mglyph></mi></math>',
      '<textarea><img src=x onerror=alert(1)></textarea>',
      '<xmp><img src=x onerror=alert(1)></xmp>',
      '<!-- <img src=x onerror=alert(1)> -->',
    ]) {
      expect({ html, out: sanitizeRichHtml(`${html}ok`) }).toEqual({ html, out: 'ok' });
    }
    // the classic mutation: parsed without scripting, noscript's content is markup (a paragraph with a
    // title); a page with scripting would read it as text ending at </noscript>, then an image. Neither
    // the noscript nor the title comes out, so no reading of the result finds the image.
    expect(sanitizeRichHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">ok')).toBe('<p>ok</p>');
  });

  it('turns text that looks like markup into text, which stays text when the result is parsed again', () => {
    const out = sanitizeRichHtml('<p>&lt;img src=x onerror=alert(1)&gt; &amp;lt;script&amp;gt;</p>');
    expect(out).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp;lt;script&amp;gt;</p>');
    const again = document.createElement('div');
    again.innerHTML = out;
    expect(again.querySelector('img, script')).toBeNull();
    // idempotent: what it returns comes back unchanged
    expect(sanitizeRichHtml(out)).toBe(out);
  });

  it('keeps an attribute value with quotes inside its attribute', () => {
    const out = sanitizeRichHtml('<a href="https://x.example/?q=&quot;><img src=x onerror=alert(1)>" rel="a&quot;b">l</a>');
    const parsed = document.createElement('div');
    parsed.innerHTML = out;
    expect(parsed.querySelector('img')).toBeNull();
    expect(parsed.querySelector('a')?.getAttribute('href')).toBe('https://x.example/?q="><img src=x onerror=alert(1)>');
  });

  it('walks deep nesting without recursion', () => {
    const depth = 2_000;
    const out = sanitizeRichHtml(`${'<span>'.repeat(depth)}deep${'</span>'.repeat(depth)}`);
    expect(out).toBe('deep');
  });
});

describe('isRichTextEmpty', () => {
  it('sees no text in markup alone, white space or no-break spaces', () => {
    for (const html of [
      '',
      '<p></p>',
      '<p><br></p>',
      '<p>&nbsp; </p>',
      '<ul><li> </li></ul>',
      '<script>x</script>',
      '<img src=x>',
    ]) {
      expect({ html, empty: isRichTextEmpty(html) }).toEqual({ html, empty: true });
    }
  });

  it('sees text anywhere', () => {
    for (const html of ['x', '<p>x</p>', '<div><span>x</span></div>', '<p>&nbsp;x</p>']) {
      expect({ html, empty: isRichTextEmpty(html) }).toEqual({ html, empty: false });
    }
  });
});

describe('rich text rendered on the server, which has no HTML parser (a mentor-check task page)', () => {
  const parser = globalThis.DOMParser;
  beforeEach(() => {
    // @ts-expect-error -- the server's global scope has no DOMParser
    delete globalThis.DOMParser;
  });
  afterEach(() => {
    globalThis.DOMParser = parser;
  });

  it('draws the text only, escaped, and still tells an empty answer', () => {
    const view = renderToString(<RichHtml html={'<p>a &amp; <b>b</b></p><img src=x onerror="alert(1)"><script>x()</script>'} />);
    expect(view).not.toMatch(/<(b|img|script)\b/);
    expect(view).toContain('a &amp; ');
    expect(view).toContain('b');
    expect(isRichTextEmpty('<p> &nbsp;</p><br>')).toBe(true);
    expect(isRichTextEmpty('<p>x</p>')).toBe(false);
  });
});
