/** How a lecture's video is shown: an embedded player of a known host, a file, or a plain link. */
export type VideoEmbed = { kind: 'iframe'; src: string } | { kind: 'file'; src: string } | { kind: 'link'; href: string };

const YOUTUBE_ID = /^[\w-]{11}$/;

export function videoEmbed(raw: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\./, '').replace(/^m\./, '');
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtube =
      url.pathname === '/watch' ? url.searchParams.get('v') : (url.pathname.match(/^\/(?:embed|shorts)\/([^/]+)/)?.[1] ?? null);
  }
  if (youtube && YOUTUBE_ID.test(youtube)) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.match(/(\d{5,})/)?.[1];
    if (id) return { kind: 'iframe', src: `https://player.vimeo.com/video/${id}` };
  }
  if (/\.(mp4|webm|ogg)$/i.test(url.pathname)) return { kind: 'file', src: url.toString() };
  return { kind: 'link', href: url.toString() };
}
