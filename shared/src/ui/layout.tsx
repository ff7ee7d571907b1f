import type { ReactNode } from 'react';

/** A row of buttons and links under a form or a panel, wrapping on narrow screens. */
export function ActionRow({ children }: { children: ReactNode }) {
  return <div className="action-row">{children}</div>;
}
