/**
 * Replies the server put into the page for the first calls its path makes (`<script
 * type="application/json" id="academy-replies">{ "<url>": <data> }</script>`, issue 14): the course list
 * a course page and a task page then render from them without a request after their code arrives. Each
 * is used once, only by a GET of exactly that address (its parameters included), only while fresh (the page's first
 * 15 s), and never after a change was sent (a change may make them stale: its refetches ask the server).
 */
export const INLINE_REPLIES_ID = 'academy-replies';
const FRESH_MS = 15_000;

let replies: Map<string, unknown> | null = null;
let read = false;

function readOnce(): Map<string, unknown> | null {
  if (read) return replies;
  read = true;
  const element = typeof document === 'undefined' ? null : document.getElementById(INLINE_REPLIES_ID);
  if (!element?.textContent) return null;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) replies = new Map(Object.entries(parsed));
  } catch {
    replies = null;
  } finally {
    element.remove();
  }
  return replies;
}

/** The page's reply for a GET of `url`, once (`{ data }`), or null: then the call goes to the server. */
export function takeInlineReply(url: string): { data: unknown } | null {
  const found = readOnce();
  if (!found || found.size === 0) return null;
  if (performance.now() > FRESH_MS) {
    found.clear();
    return null;
  }
  if (!found.has(url)) return null;
  const data = found.get(url);
  found.delete(url);
  return { data };
}

/** A change was sent: what the page came with may be stale now, so none of it is used any more. */
export function forgetInlineReplies(): void {
  readOnce()?.clear();
}

/** Forgets what was read (tests start each page anew). */
export function resetInlineReplies(): void {
  replies = null;
  read = false;
}
