import { videoEmbed } from '@academy/shared/domain';
import { useT } from '../texts';

/** A lecture's video (spec 2 §2.3): a known player embedded, a file in a video element, else a link. */
export function LectureVideo({ url, captions, title }: { url: string; captions: string | null; title: string }) {
  const t = useT();
  const video = videoEmbed(url);
  if (!video) return null;
  if (video.kind === 'link') {
    return (
      <p>
        <a href={video.href} target="_blank" rel="noopener noreferrer">
          {t('task.watchVideo')}
        </a>
      </p>
    );
  }
  return (
    <div className="lecture-video">
      {video.kind === 'iframe' ? (
        <iframe
          src={video.src}
          title={`${t('task.video')}: ${title}`}
          loading="lazy"
          allow="fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : captions ? (
        <video src={video.src} controls preload="metadata" aria-label={`${t('task.video')}: ${title}`}>
          <track kind="captions" src={captions} srcLang="ru" label={t('task.captions')} default />
        </video>
      ) : (
        // the course gives no captions file: the lecture's text below carries the same content
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video src={video.src} controls preload="metadata" aria-label={`${t('task.video')}: ${title}`} />
      )}
    </div>
  );
}
