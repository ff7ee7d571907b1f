import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { COMMENT_COLLAPSE_HEIGHT } from '@academy/shared/contract';
import { useT } from '../../i18n/comments';
import { emojiSource, splitEmoji, type EmojiName } from './emoji';

/** A web address as people write it in text; what follows is checked by `URL` and cut of trailing punctuation. */
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** The punctuation that ends a sentence rather than an address. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '»', '…']);

/**
 * A candidate without the punctuation that ends the sentence, nor a `)` that closes the sentence's
 * bracket (one more `)` than `(` in the address). One pass from the end: linear in the candidate's
 * length, whatever it holds.
 */
function trimUrl(candidate: string): string {
  let opens = 0;
  let closes = 0;
  for (const char of candidate) {
    if (char === '(') opens += 1;
    else if (char === ')') closes += 1;
  }
  let end = candidate.length;
  while (end > 0) {
    const last = candidate[end - 1]!;
    if (TRAILING.has(last)) end -= 1;
    else if (last === ')' && opens < closes) {
      closes -= 1;
      end -= 1;
    } else break;
  }
  return candidate.slice(0, end);
}

/**
 * A piece of a comment: plain text, a link (http and https only) or a face. A link shows `shown`: the
 * address as the browser reads it, its host in punycode (so `аpple.com` with a Cyrillic "а" cannot
 * pass for `apple.com`) and its path decoded (a Russian article's address stays readable), with `host`
 * as its title (`https://google.com@evil.com` leads to `evil.com`).
 */
export type TextPiece =
  { text: string } | { link: string; href: string; shown: string; host: string } | { emoji: EmojiName; token: string };

/** The address to show for a link: punycode host, the rest decoded where it decodes. */
function shownAddress(url: URL): string {
  const tail = url.pathname + url.search + url.hash;
  try {
    return url.href.slice(0, url.href.length - tail.length) + decodeURI(tail);
  } catch {
    return url.href;
  }
}

/**
 * A comment as pieces to draw (spec 1 §5): http and https addresses become links, the known faces
 * pictures, everything else stays text (React escapes it: markup in a comment is shown, never run).
 */
export function commentPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const plain = (value: string) => {
    for (const piece of splitEmoji(value)) pieces.push(typeof piece === 'string' ? { text: piece } : piece);
  };
  let last = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const link = trimUrl(match[0]);
    let url: URL | null = null;
    try {
      url = new URL(link);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    if (match.index > last) plain(text.slice(last, match.index));
    pieces.push({ link, href: url.href, shown: shownAddress(url), host: url.host });
    last = match.index + link.length;
  }
  if (last < text.length) plain(text.slice(last));
  return pieces;
}

/** Whether a comment's body is tall enough to be shown collapsed (spec 1 §9: above 100 px). */
export const isTallComment = (height: number) => height > COMMENT_COLLAPSE_HEIGHT;

function Pieces({ text }: { text: string }) {
  const t = useT();
  // split once per text: a re-render (a like, the clock of the edit window) does not parse it again
  const pieces = useMemo(() => commentPieces(text), [text]);
  return pieces.map((piece, i): ReactNode => {
    if ('text' in piece) return piece.text;
    if ('link' in piece)
      return (
        <a key={i} href={piece.href} title={piece.host} target="_blank" rel="noopener noreferrer nofollow">
          {piece.shown}
        </a>
      );
    const name = t(`comments.emoji.${piece.emoji}`);
    return (
      <img
        key={i}
        className="comment-emoji"
        src={emojiSource(piece.emoji)}
        alt={name}
        title={`${name} ${piece.token}`}
        width={20}
        height={20}
      />
    );
  });
}

/**
 * A comment's text, drawn safely (no HTML from the text), line breaks kept; above 100 px high it is
 * shown collapsed with a control to expand it. The height is the body's `scrollHeight`, measured
 * again when the text or the width changes.
 */
export function CommentText({ text }: { text: string }) {
  const t = useT();
  const body = useRef<HTMLDivElement>(null);
  const id = useId();
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const measure = () => setTall(isTallComment(element.scrollHeight));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  const collapsed = tall && !expanded;
  return (
    <div className="comment-text">
      <div ref={body} id={id} className={`comment-text__body${collapsed ? ' comment-text__body--collapsed' : ''}`}>
        <Pieces text={text} />
      </div>
      {tall && (
        <button
          type="button"
          className="link-btn comment-text__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('comments.collapse') : t('comments.expand')}
        </button>
      )}
    </div>
  );
}
