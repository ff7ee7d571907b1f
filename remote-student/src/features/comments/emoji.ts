/**
 * The known emoji set of comments (spec 1 §5): these text faces become small pictures, each with a
 * text alternative. Nothing else is converted.
 *
 * | written            | picture     |
 * |--------------------|-------------|
 * | :)  :-)            | smile       |
 * | :(  :-(            | sad         |
 * | :D  :-D            | laugh       |
 * | ;)  ;-)            | wink        |
 * | :P  :-P  :p  :-p   | tongue      |
 * | :O  :-O  :o  :-o   | surprise    |
 * | :'(                | cry         |
 * | :|  :-|            | neutral     |
 * | <3                 | heart       |
 * | (y)  (Y)           | thumbs up   |
 *
 * A face ending in a letter (:D, :P, :O) counts only when no letter or digit follows it (`C:Docs`
 * stays text); `<3` and `(y)` only when no letter or digit comes before them (`a<3`, `f(y)` stay text).
 */
export const EMOJI_NAMES = [
  'smile',
  'sad',
  'laugh',
  'wink',
  'tongue',
  'surprise',
  'cry',
  'neutral',
  'heart',
  'thumbsUp',
] as const;
export type EmojiName = (typeof EMOJI_NAMES)[number];

const TOKENS: Record<EmojiName, string[]> = {
  smile: [':-)', ':)'],
  sad: [':-(', ':('],
  laugh: [':-D', ':D'],
  wink: [';-)', ';)'],
  tongue: [':-P', ':P', ':-p', ':p'],
  surprise: [':-O', ':O', ':-o', ':o'],
  cry: [":'("],
  neutral: [':-|', ':|'],
  heart: ['<3'],
  thumbsUp: ['(y)', '(Y)'],
};

const NAME_OF = new Map<string, EmojiName>(
  EMOJI_NAMES.flatMap((name) => TOKENS[name].map((token) => [token, name] as [string, EmojiName])),
);

const escape = (token: string) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Longest first, so `:-)` is one face and not `:-` and `)`. */
const PATTERN = new RegExp(
  [...NAME_OF.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|'),
  'g',
);

const WORD = /[\p{L}\p{N}]/u;

/** A piece of text: plain, or a face to draw. */
export type EmojiPiece = string | { emoji: EmojiName; token: string };

/** Splits text into plain runs and the known faces in it. */
export function splitEmoji(text: string): EmojiPiece[] {
  const pieces: EmojiPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(PATTERN)) {
    const token = match[0];
    const start = match.index;
    const before = text[start - 1];
    const after = text[start + token.length];
    if (/[A-Za-z]$/.test(token) && after !== undefined && WORD.test(after)) continue;
    if ((token === '<3' || token.startsWith('(')) && before !== undefined && WORD.test(before)) continue;
    if (token === '<3' && after !== undefined && /\d/.test(after)) continue;
    if (start > last) pieces.push(text.slice(last, start));
    pieces.push({ emoji: NAME_OF.get(token)!, token });
    last = start + token.length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

const FACE = '<circle cx="12" cy="12" r="10.5" fill="#FFD43B" stroke="#E0A800" stroke-width="1"/>';
const EYES = '<circle cx="8.5" cy="9.5" r="1.4" fill="#5B3A00"/><circle cx="15.5" cy="9.5" r="1.4" fill="#5B3A00"/>';
const STROKE = 'fill="none" stroke="#5B3A00" stroke-width="1.6" stroke-linecap="round"';

const SHAPES: Record<EmojiName, string> = {
  smile: `${FACE}${EYES}<path d="M7.5 14.2c2.4 3 6.6 3 9 0" ${STROKE}/>`,
  sad: `${FACE}${EYES}<path d="M7.8 17c2.3-2.7 6.1-2.7 8.4 0" ${STROKE}/>`,
  laugh: `${FACE}${EYES}<path d="M7 13.2h10c-.6 3.3-2.6 5-5 5s-4.4-1.7-5-5z" fill="#5B3A00"/>`,
  wink: `${FACE}<path d="M7.2 9.6h2.8" ${STROKE}/><circle cx="15.5" cy="9.5" r="1.4" fill="#5B3A00"/><path d="M7.5 14.2c2.4 3 6.6 3 9 0" ${STROKE}/>`,
  tongue: `${FACE}${EYES}<path d="M7.5 14h9" ${STROKE}/><path d="M10.2 14.4h3.6v2.2a1.8 1.8 0 0 1-3.6 0z" fill="#E8505B"/>`,
  surprise: `${FACE}${EYES}<ellipse cx="12" cy="15.6" rx="2.1" ry="2.6" fill="#5B3A00"/>`,
  cry: `${FACE}${EYES}<path d="M8 17.2c2.2-2.4 5.8-2.4 8 0" ${STROKE}/><path d="M8.5 11.6c-.9 1.5-1.3 2.4-.4 3 .9.5 1.6-.5.4-3z" fill="#3B9BE8"/>`,
  neutral: `${FACE}${EYES}<path d="M8 15.3h8" ${STROKE}/>`,
  heart: '<path d="M12 20.5S3 15.2 3 8.9A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 9 1.9c0 6.3-9 11.6-9 11.6z" fill="#E8505B"/>',
  thumbsUp:
    '<path d="M3 10.5h3.5v9.5H3z" fill="#4338CA"/><path d="M8 10.4 11.3 3.6c1.6-.2 2.6.9 2.4 2.6l-.5 3.3h5.3c1.3 0 2.2 1.2 1.9 2.4l-1.6 6.4c-.3 1-1.1 1.7-2.2 1.7H8z" fill="#6366F1"/>',
};

/** The picture of a face: a small SVG as a data address (the CSP allows `img-src data:`). */
export function emojiSource(name: EmojiName): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${SHAPES[name]}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
