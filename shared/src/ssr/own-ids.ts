/**
 * The app renders the same page (same ids) hidden behind a prerendered one until the hand-off: the
 * prerendered copy's ids, and what points at them, get a prefix so that no id is on the page twice.
 * Used by every server entry (renderPage).
 */
export function ownIds(html: string): string {
  return html
    .replace(
      / (id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]+)"/g,
      (_, name: string, ids: string) =>
        ` ${name}="${ids
          .split(' ')
          .map((id) => `prerendered-${id}`)
          .join(' ')}"`,
    )
    .replace(/ href="#([^"]+)"/g, ' href="#prerendered-$1"');
}
