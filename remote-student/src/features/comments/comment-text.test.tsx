import { screen } from '@testing-library/react';
import { renderWithProviders } from '@academy/shared/testing';
import { CommentText, commentPieces, isTallComment } from './comment-text';
import { splitEmoji } from './emoji';

describe('a comment’s text', () => {
  it('links only http and https addresses, without the punctuation that ends the sentence', () => {
    expect(commentPieces('см. https://example.org/a?b=1&c=2, и http://x.test/path).')).toEqual([
      { text: 'см. ' },
      {
        link: 'https://example.org/a?b=1&c=2',
        href: 'https://example.org/a?b=1&c=2',
        shown: 'https://example.org/a?b=1&c=2',
        host: 'example.org',
      },
      { text: ', и ' },
      { link: 'http://x.test/path', href: 'http://x.test/path', shown: 'http://x.test/path', host: 'x.test' },
      { text: ').' },
    ]);
    // a Russian article's address stays readable; the link itself is the encoded one
    expect(commentPieces('https://ru.wikipedia.org/wiki/Массив')).toEqual([
      {
        link: 'https://ru.wikipedia.org/wiki/Массив',
        href: 'https://ru.wikipedia.org/wiki/%D0%9C%D0%B0%D1%81%D1%81%D0%B8%D0%B2',
        shown: 'https://ru.wikipedia.org/wiki/Массив',
        host: 'ru.wikipedia.org',
      },
    ]);
    expect(commentPieces('(https://en.wikipedia.org/wiki/Foo_(bar))')).toEqual([
      { text: '(' },
      {
        link: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        shown: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        host: 'en.wikipedia.org',
      },
      { text: ')' },
    ]);
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.org', 'httpx://example.org']) {
      expect(commentPieces(text).some((piece) => 'link' in piece)).toBe(false);
    }
  });

  it('trims an address in one pass: thousands of dots and closing brackets after it cost nothing', () => {
    const dots = '.'.repeat(1300);
    const brackets = ')'.repeat(690);
    expect(commentPieces(`http://a${dots}${brackets}`)).toEqual([
      { link: 'http://a', href: 'http://a/', shown: 'http://a/', host: 'a' },
      { text: `${dots}${brackets}` },
    ]);
    // the brackets the address opens stay in it, the sentence's go
    expect(commentPieces(`(см. https://x.test/a_(b_(c)),..)).`)).toEqual([
      { text: '(см. ' },
      { link: 'https://x.test/a_(b_(c))', href: 'https://x.test/a_(b_(c))', shown: 'https://x.test/a_(b_(c))', host: 'x.test' },
      { text: ',..)).' },
    ]);
  });

  it('shows where a link leads: the address as the browser reads it, its host as the title', () => {
    renderWithProviders(<CommentText text="вход: https://google.com@evil.example и https://аpple.com/ и http://a" />);
    const [tricky, homograph, bare] = screen.getAllByRole('link') as [HTMLElement, HTMLElement, HTMLElement];
    expect(tricky).toHaveTextContent('https://google.com@evil.example/');
    expect(tricky).toHaveAttribute('title', 'evil.example');
    expect(tricky).toHaveAttribute('href', 'https://google.com@evil.example/');
    // a Cyrillic "а" shows as punycode, never as apple.com
    expect(homograph).toHaveTextContent('https://xn--pple-43d.com/');
    expect(homograph).toHaveAttribute('title', 'xn--pple-43d.com');
    expect(bare).toHaveTextContent('http://a/');
  });

  it('turns the known faces into pictures, only where they stand as faces', () => {
    expect(splitEmoji('Спасибо:) <3 (y) :-D')).toEqual([
      'Спасибо',
      { emoji: 'smile', token: ':)' },
      ' ',
      { emoji: 'heart', token: '<3' },
      ' ',
      { emoji: 'thumbsUp', token: '(y)' },
      ' ',
      { emoji: 'laugh', token: ':-D' },
    ]);
    for (const text of ['C:Docs', 'f(y) = 2', 'a<3', 'x <30', ':Possible']) expect(splitEmoji(text)).toEqual([text]);
  });

  it('shows markup as text, keeps line breaks, and draws faces with a text alternative', () => {
    const text = '<b>жирный?</b>\n<script>window.__xss = 1</script> ;)';
    renderWithProviders(<CommentText text={text} />);
    const body = screen.getByText(/<b>жирный\?<\/b>/);
    expect(body).toHaveTextContent('<b>жирный?</b>\n<script>window.__xss = 1</script> ', { normalizeWhitespace: false });
    expect(screen.queryByText('жирный?')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'подмигивание' })).toHaveAttribute('title', 'подмигивание ;)');
  });

  it('collapses above 100 px with a control that expands and collapses it again', async () => {
    expect(isTallComment(100)).toBe(false);
    expect(isTallComment(101)).toBe(true);
    const height = jest.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(240);
    try {
      const { user } = renderWithProviders(<CommentText text={'строка\n'.repeat(12)} />);
      const body = screen.getByText(/строка/);
      const toggle = screen.getByRole('button', { name: 'Показать полностью' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveAttribute('aria-controls', body.id);
      expect(body).toHaveClass('comment-text__body--collapsed');
      await user.click(toggle);
      expect(screen.getByRole('button', { name: 'Свернуть' })).toHaveAttribute('aria-expanded', 'true');
      expect(body).not.toHaveClass('comment-text__body--collapsed');
    } finally {
      height.mockRestore();
    }
    // a short one has no control
    renderWithProviders(<CommentText text="коротко" />);
    expect(screen.getByText('коротко')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать полностью' })).not.toBeInTheDocument();
  });
});
