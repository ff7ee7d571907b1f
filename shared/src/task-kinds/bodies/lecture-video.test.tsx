import { screen } from '@testing-library/react';
import { renderWithProviders } from '@academy/shared/testing';
import { LectureVideo } from './lecture-video';

describe('lecture video', () => {
  it('embeds a YouTube video in the privacy-enhanced player', () => {
    renderWithProviders(<LectureVideo url="https://youtu.be/dQw4w9WgXcQ" captions={null} title="Функции" />);
    expect(screen.getByTitle('Видео: Функции')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('plays a video file with its captions', () => {
    renderWithProviders(
      <LectureVideo url="https://cdn.example.org/l.mp4" captions="https://cdn.example.org/l.vtt" title="Функции" />,
    );
    const video = screen.getByLabelText('Видео: Функции');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'https://cdn.example.org/l.mp4');
  });

  it('links to any other page', () => {
    renderWithProviders(<LectureVideo url="https://example.org/lesson" captions={null} title="Функции" />);
    expect(screen.getByRole('link', { name: 'Смотреть видео к лекции' })).toHaveAttribute('href', 'https://example.org/lesson');
  });
});
