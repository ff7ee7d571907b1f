/* eslint-disable testing-library/no-node-access -- markup is what these tests check: the sanitizer's output parsed
   again, an editable area's content and the document's selection in it, reached through their nodes */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@academy/shared/i18n';
import type { Language } from '@academy/shared/contract';
import { isRichTextEmpty, RichHtml, RichTextEditor, sanitizeRichHtml } from './index';
import { OWN_TEXTS } from './texts';

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

/** The editor on a page in `language`, with its emitted values; jsdom has no `execCommand`: the DOM path runs. */
function renderEditor(value: string, { language = 'ru' as Language, readOnly = false } = {}) {
  const onChange = jest.fn<void, [string]>();
  const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
  const user = userEvent.setup();
  render(
    <I18nProvider initial={language}>
      <form onSubmit={onSubmit}>
        <RichTextEditor value={value} onChange={onChange} label="Ответ" readOnly={readOnly} />
      </form>
    </I18nProvider>,
  );
  const area = screen.getByRole('textbox', { name: 'Ответ' });
  const tool = (name: string) => screen.getByRole('button', { name });
  const last = () => onChange.mock.calls.at(-1)?.[0];
  return { area, tool, onChange, onSubmit, user, last };
}

/** Focuses the area and selects [start, end) of the text node that holds `text` (the browser then says so). */
function selectIn(area: HTMLElement, text: string, start = 0, end = start) {
  const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  while (node && !node.textContent!.includes(text)) node = walker.nextNode();
  if (!node) throw new Error(`no text ${text}`);
  const at = node.textContent!.indexOf(text);
  selectRange(area, (range) => {
    range.setStart(node, at + start);
    range.setEnd(node, at + end);
  });
}

/** Focuses the area (the editor listens to the selection from then on) and selects the range `place` sets. */
function selectRange(area: HTMLElement, place: (range: Range) => void) {
  act(() => area.focus());
  act(() => {
    const range = document.createRange();
    place(range);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
  });
}

const selectWord = (area: HTMLElement, word: string) => selectIn(area, word, 0, word.length);

describe('RichTextEditor: toolbar', () => {
  it('is one toolbar, named, whose buttons have names, one tab stop and the arrows between them', async () => {
    const { tool, user } = renderEditor('<p>x</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Форматирование' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Жирный', 'Курсив', 'Маркированный список', 'Нумерованный список', 'Код', 'Ссылка']);
    for (const name of names.slice(0, 5)) expect(tool(name!)).toHaveAttribute('aria-pressed', 'false');
    expect(tool('Ссылка')).not.toHaveAttribute('aria-pressed');
    expect(tool('Ссылка')).toHaveAttribute('aria-haspopup', 'dialog');
    expect(
      within(toolbar)
        .getAllByRole('button')
        .filter((button) => button.tabIndex === 0),
    ).toEqual([tool('Жирный')]);

    await user.tab();
    expect(tool('Жирный')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tool('Курсив')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tool('Ссылка')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tool('Жирный')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tool('Ссылка')).toHaveFocus();
    // the tab stop is the button last used: Tab leaves the toolbar for the text
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Ответ' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(tool('Ссылка')).toHaveFocus();
  });

  it('has no toolbar, no link dialog and takes no paste when read-only', async () => {
    const { area, user } = renderEditor('<p>x</p>', { readOnly: true });
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(area).toHaveAttribute('aria-readonly', 'true');
    selectIn(area, 'x', 1);
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.paste(area, { clipboardData: { getData: () => 'y' } });
    expect(area.innerHTML).toBe('<p>x</p>');
  });

  it('speaks English on an English page, its own texts too', async () => {
    const { user } = renderEditor('<p>x</p>', { language: 'en' });
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByRole('dialog', { name: 'Insert a link' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Link address' })).toHaveFocus();
  });

  it('has every own text in both languages', () => {
    expect(Object.keys(OWN_TEXTS.en)).toEqual(Object.keys(OWN_TEXTS.ru));
    for (const key of Object.keys(OWN_TEXTS.ru) as Array<keyof typeof OWN_TEXTS.ru>) {
      expect(OWN_TEXTS.en[key]).not.toBe(OWN_TEXTS.ru[key]);
    }
  });
});

describe('RichTextEditor: pressed buttons show the formatting at the caret', () => {
  it('follows the caret and the selection', () => {
    const { area, tool } = renderEditor(
      '<p><strong>bold <em>both</em></strong> plain <code>x = 1</code> <a href="https://x.example">site</a></p><ul><li>item</li></ul><ol><li>step</li></ol>',
    );
    const pressed = () =>
      ['Жирный', 'Курсив', 'Маркированный список', 'Нумерованный список', 'Код'].filter(
        (name) => tool(name).getAttribute('aria-pressed') === 'true',
      );
    selectIn(area, 'bold', 2);
    expect(pressed()).toEqual(['Жирный']);
    selectIn(area, 'both', 1);
    expect(pressed()).toEqual(['Жирный', 'Курсив']);
    selectIn(area, 'plain', 1);
    expect(pressed()).toEqual([]);
    selectIn(area, 'x = 1', 2);
    expect(pressed()).toEqual(['Код']);
    selectIn(area, 'item', 1);
    expect(pressed()).toEqual(['Маркированный список']);
    selectIn(area, 'step', 1);
    expect(pressed()).toEqual(['Нумерованный список']);
    // a selection: pressed only when all of it has the formatting
    selectWord(area, 'bold ');
    expect(pressed()).toEqual(['Жирный']);
    selectRange(area, (range) => {
      range.setStart(area.querySelector('strong')!.firstChild!, 0);
      range.setEnd(area.querySelector('p')!.childNodes[1]!, 3);
    });
    expect(pressed()).toEqual([]);
    // the link button shows a link at the caret
    selectIn(area, 'site', 1);
    expect(tool('Ссылка')).toHaveClass('rich-editor__tool--current');
  });

  it('runs the browser’s command and asks the browser for the state after it', async () => {
    const formatted = new Set<string>();
    const execCommand = jest.fn((command: string) => (formatted.add(command), true));
    const queryCommandState = jest.fn((command: string) => formatted.has(command));
    Object.assign(document, { execCommand, queryCommandState });
    try {
      const { area, tool, user } = renderEditor('<p>text</p>');
      selectIn(area, 'text', 0, 4);
      await user.click(tool('Жирный'));
      expect(execCommand).toHaveBeenCalledWith('bold', false, undefined);
      expect(tool('Жирный')).toHaveAttribute('aria-pressed', 'true');
      expect(tool('Курсив')).toHaveAttribute('aria-pressed', 'false');
      expect(area).toHaveFocus();
      await user.click(tool('Маркированный список'));
      expect(execCommand).toHaveBeenCalledWith('insertUnorderedList', false, undefined);
      expect(tool('Маркированный список')).toHaveAttribute('aria-pressed', 'true');
    } finally {
      // @ts-expect-error -- jsdom has neither: they go as they came
      delete document.execCommand;
      // @ts-expect-error -- see above
      delete document.queryCommandState;
    }
  });
});

describe('RichTextEditor: inline code', () => {
  it('wraps the selection in code, keeping its formatting, and unwraps it again', async () => {
    const { area, tool, user, last } = renderEditor('<p>let <b>x</b> = 1;</p>');
    selectRange(area, (range) => {
      range.setStart(area.querySelector('p')!.firstChild!, 0);
      range.setEnd(area.querySelector('p')!.lastChild!, 4);
    });
    await user.click(tool('Код'));
    expect(area.innerHTML).toBe('<p><code>let </code><b><code>x</code></b><code> = 1</code>;</p>');
    expect(last()).toBe(area.innerHTML);
    expect(tool('Код')).toHaveAttribute('aria-pressed', 'true');
    expect(window.getSelection()!.toString()).toBe('let x = 1');

    await user.click(tool('Код'));
    expect(area.innerHTML).toBe('<p>let <b>x</b> = 1;</p>');
    expect(tool('Код')).toHaveAttribute('aria-pressed', 'false');
    expect(window.getSelection()!.toString()).toBe('let x = 1');
  });

  it('at a caret, opens a code to type into and, at its end, leaves it', async () => {
    const { area, tool, user, last } = renderEditor('<p>ab</p>');
    selectIn(area, 'ab', 1);
    await user.click(tool('Код'));
    expect(area.querySelector('code')).not.toBeNull();
    expect(tool('Код')).toHaveAttribute('aria-pressed', 'true');
    // the caret's placeholder never goes out
    expect(last()).toBe('<p>a<code></code>b</p>');
    await user.click(tool('Код'));
    expect(tool('Код')).toHaveAttribute('aria-pressed', 'false');
    expect(area.querySelector('code')).not.toBeNull();
  });

  it('unwraps the code the caret is in', async () => {
    const { area, tool, user, last } = renderEditor('<p>run <code>npm test</code> now</p>');
    selectIn(area, 'npm test', 2);
    await user.click(tool('Код'));
    expect(last()).toBe('<p>run npm test now</p>');
  });

  it('is in the allow-list the editor’s output goes through', () => {
    expect(sanitizeRichHtml('<p>a <code>b</code></p>')).toBe('<p>a <code>b</code></p>');
  });
});

describe('RichTextEditor: the link dialog', () => {
  let prompt: jest.SpyInstance;
  beforeEach(() => {
    prompt = jest.spyOn(window, 'prompt').mockImplementation(() => null);
  });
  afterEach(() => prompt.mockRestore());

  it('opens a labelled dialog, not the browser’s prompt, with the focus in the address', async () => {
    const { area, tool, user } = renderEditor('<p>see</p>');
    selectIn(area, 'see', 3);
    await user.click(tool('Ссылка'));
    const dialog = screen.getByRole('dialog', { name: 'Вставить ссылку' });
    expect(prompt).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: 'Адрес ссылки' })).toHaveFocus();
    // nothing selected: the link's text is asked for too; no link here, nothing to remove
    expect(within(dialog).getByRole('textbox', { name: 'Текст ссылки' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Убрать ссылку' })).toBeNull();
  });

  it('opens with Ctrl+K too', async () => {
    const { area, user } = renderEditor('<p>see</p>');
    selectIn(area, 'see', 3);
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('dialog', { name: 'Вставить ссылку' })).toBeInTheDocument();
  });

  it('refuses an address other than http(s) or mailto, saying why', async () => {
    const { area, tool, user, onSubmit } = renderEditor('<p>see</p>');
    selectIn(area, 'see', 3);
    await user.click(tool('Ссылка'));
    const address = screen.getByRole('textbox', { name: 'Адрес ссылки' });
    for (const bad of ['javascript:alert(1)', 'example.com', '//evil.example', 'data:text/html,x']) {
      await user.clear(address);
      await user.type(address, `${bad}{Enter}`);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(address).toHaveAttribute('aria-invalid', 'true');
      expect(address).toHaveAccessibleDescription('Адрес должен начинаться с https://, http:// или mailto:');
      expect(screen.getByRole('alert')).toHaveTextContent('Адрес должен начинаться с https://, http:// или mailto:');
    }
    // Enter in the dialog never submits the form the editor is in
    expect(onSubmit).not.toHaveBeenCalled();
    expect(area.querySelector('a')).toBeNull();
    await user.type(address, 'x');
    expect(address).not.toHaveAttribute('aria-invalid');
  });

  it('closes on Escape, the focus back in the editor with its selection', async () => {
    const { area, tool, user } = renderEditor('<p>one two</p>');
    selectWord(area, 'two');
    await user.click(tool('Ссылка'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(area).toHaveFocus();
    expect(window.getSelection()!.toString()).toBe('two');
    expect(area.querySelector('a')).toBeNull();
  });

  it('applies with Enter to the selection it opened with', async () => {
    const { area, tool, user, last, onSubmit } = renderEditor('<p>one two</p>');
    selectWord(area, 'two');
    await user.click(tool('Ссылка'));
    expect(screen.queryByRole('textbox', { name: 'Текст ссылки' })).toBeNull();
    // the selection moves away meanwhile (the address field has it in a browser)
    act(() => window.getSelection()!.removeAllRanges());
    await user.type(screen.getByRole('textbox', { name: 'Адрес ссылки' }), ' https://academy.example/a {Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(area).toHaveFocus();
    expect(area.innerHTML).toBe('<p>one <a href="https://academy.example/a">two</a></p>');
    expect(last()).toBe(
      '<p>one <a href="https://academy.example/a" target="_blank" rel="noopener noreferrer nofollow">two</a></p>',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('inserts a link with its text at the caret, the address when there is no text', async () => {
    const { area, tool, user } = renderEditor('<p>write: </p>');
    selectIn(area, 'write: ', 7);
    await user.click(tool('Ссылка'));
    await user.type(screen.getByRole('textbox', { name: 'Адрес ссылки' }), 'mailto:help@academy.example');
    await user.type(screen.getByRole('textbox', { name: 'Текст ссылки' }), '<help>');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(area.innerHTML).toBe('<p>write: <a href="mailto:help@academy.example">&lt;help&gt;</a></p>');

    selectIn(area, 'write: ', 0);
    await user.click(tool('Ссылка'));
    await user.type(screen.getByRole('textbox', { name: 'Адрес ссылки' }), 'https://x.example{Enter}');
    expect(area.querySelector('p')!.firstElementChild).toHaveTextContent('https://x.example');
  });

  it('edits or removes the link at the caret', async () => {
    const { area, tool, user, last } = renderEditor('<p>go <a href="https://old.example">there</a> now</p>');
    selectIn(area, 'there', 2);
    await user.click(tool('Ссылка'));
    const dialog = screen.getByRole('dialog', { name: 'Изменить ссылку' });
    const address = within(dialog).getByRole('textbox', { name: 'Адрес ссылки' });
    expect(address).toHaveValue('https://old.example');
    await user.clear(address);
    await user.type(address, 'https://new.example{Enter}');
    expect(area.querySelector('a')).toHaveAttribute('href', 'https://new.example');

    selectIn(area, 'there', 2);
    await user.click(tool('Ссылка'));
    await user.click(screen.getByRole('button', { name: 'Убрать ссылку' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(area).toHaveFocus();
    expect(last()).toBe('<p>go there now</p>');
    expect(window.getSelection()!.toString()).toBe('there');
  });
});

describe('RichTextEditor: paste', () => {
  const paste = (area: HTMLElement, data: Record<string, string>) =>
    fireEvent.paste(area, { clipboardData: { getData: (type: string) => data[type] ?? '' } });

  it('keeps only what the allow-list allows', () => {
    const { area, last } = renderEditor('<p>x</p>');
    selectIn(area, 'x', 1);
    const html =
      '<style>p{color:red}</style><script>alert(1)</script><p onclick="x()" style="color:red" class="c">a ' +
      '<img src="javascript:alert(1)" onerror="alert(2)"><a href="javascript:alert(3)">bad</a> ' +
      '<a href="https://ok.example" onmouseover="x()">ok</a><iframe src="https://evil.example"></iframe>' +
      '<object data="x"></object><svg><script>alert(4)</script></svg><b>b</b><font color="red">f</font></p>';
    paste(area, { 'text/html': html, 'text/plain': 'a bad ok b f' });
    const inserted = area.innerHTML;
    expect(inserted).not.toMatch(/script|style|onclick|onerror|onmouseover|javascript|iframe|object|svg|img|font|class/i);
    expect(inserted).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a>');
    expect(inserted).toContain('<a>bad</a>');
    expect(inserted).toContain('<b>b</b>f');
    // a paragraph pasted into a paragraph splits it, as a browser does
    expect(inserted).toMatch(/^<p>x<\/p><p>a .*f<\/p>$/);
    expect(sanitizeRichHtml(inserted)).toBe(inserted);
    expect(last()).toBe(inserted);
  });

  it('reads other editors’ paragraphs, headings and bold as the allow-list’s', () => {
    const { area } = renderEditor('');
    act(() => area.focus());
    paste(area, {
      'text/html':
        '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><h1>T</h1>' +
        '<p dir="ltr"><span style="font-weight:700;">B</span> <span style="font-style:italic;font-weight:700">BI</span></p></b>' +
        '<div>line 1</div><div><div>line 2</div></div><h6>small</h6>',
    });
    expect(area.innerHTML).toBe(
      '<h3>T</h3><p><strong>B</strong> <strong><em>BI</em></strong></p><p>line 1</p><p>line 2</p><h4>small</h4>',
    );
  });

  it('keeps the line breaks of plain text, as text', () => {
    const { area, last } = renderEditor('<p>x</p>');
    selectIn(area, 'x', 1);
    paste(area, { 'text/plain': 'one <b>\r\ntwo\n\nthree' });
    expect(area.innerHTML).toBe('<p>xone &lt;b&gt;<br>two<br><br>three</p>');
    expect(last()).toBe(area.innerHTML);
  });

  it('gives the browser the cleaned markup when it can insert it itself', () => {
    const execCommand = jest.fn(() => true);
    Object.assign(document, { execCommand });
    try {
      const { area } = renderEditor('<p>x</p>');
      selectIn(area, 'x', 1);
      paste(area, { 'text/html': '<p onclick="x()">a<script>b</script></p>' });
      expect(execCommand).toHaveBeenCalledWith('insertHTML', false, '<p>a</p>');
    } finally {
      // @ts-expect-error -- jsdom has none
      delete document.execCommand;
    }
  });
});
