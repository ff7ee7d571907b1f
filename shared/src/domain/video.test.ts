import { videoEmbed } from './video';

describe('videoEmbed', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      { kind: 'iframe', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    ],
    ['https://youtu.be/dQw4w9WgXcQ', { kind: 'iframe', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', { kind: 'iframe', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
    ['https://vimeo.com/76979871', { kind: 'iframe', src: 'https://player.vimeo.com/video/76979871' }],
    ['https://cdn.example.org/lesson.mp4', { kind: 'file', src: 'https://cdn.example.org/lesson.mp4' }],
    ['https://example.org/lesson', { kind: 'link', href: 'https://example.org/lesson' }],
  ])('%s', (url, expected) => expect(videoEmbed(url)).toEqual(expected));

  it('refuses what is not a web address, and odd YouTube ids', () => {
    expect(videoEmbed('javascript:alert(1)')).toBeNull();
    expect(videoEmbed('not a url')).toBeNull();
    expect(videoEmbed('https://youtube.com/watch?v="><script>')).toEqual({
      kind: 'link',
      href: 'https://youtube.com/watch?v=%22%3E%3Cscript%3E',
    });
  });
});
