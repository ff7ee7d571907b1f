import { canParse, plainText, sanitizeRichHtml } from './sanitize';

export { isRichTextEmpty, sanitizeRichHtml } from './sanitize';

/**
 * Rich text from a student or mentor, shown safely (on the server: its text, until the live page takes
 * over). With the sanitizer, all that a page showing rich text (the notification bell) needs: the
 * editor's code is not in this file's imports, should it become an entry of its own.
 */
export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const name = `rich-text ${className}`.trim();
  if (!canParse()) return <div className={name}>{plainText(html)}</div>;
  return <div className={name} dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(html) }} />;
}
