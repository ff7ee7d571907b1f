import type { ReactNode } from 'react';
import type { Direction } from '@academy/shared/contract';

/**
 * Each direction's mark, drawn in its colour on a soft tile (styles.css) (issue 30): the frontend's brackets, Java's
 * cup, Go's forward chevrons, the tester's magnifier with a check. Decorative: the direction's name is
 * always beside it, so screen readers skip the picture. Its own shared module (`@academy/shared/ui/direction`):
 * only the pages that show directions (landing, registration, staff lists) load it.
 */
const MARKS: Record<Direction, ReactNode> = {
  FE: (
    <>
      <path d="m8 8-4 4 4 4" />
      <path d="m16 8 4 4-4 4" />
      <path d="m13.5 5-3 14" />
    </>
  ),
  JAVA: (
    <>
      <path d="M4 10h12v3.5a5.5 5.5 0 0 1-5.5 5.5h-1A5.5 5.5 0 0 1 4 13.5z" />
      <path d="M16 11.5h1.5a2.5 2.5 0 0 1 0 5H15.5" />
      <path d="M8 3.5c0 1.5 1.5 1.5 1.5 3.5" />
      <path d="M12 3.5c0 1.5 1.5 1.5 1.5 3.5" />
    </>
  ),
  GO: (
    <>
      <path d="m6 6 6 6-6 6" />
      <path d="m13 6 6 6-6 6" />
    </>
  ),
  MQA: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m20 20-4.6-4.6" />
      <path d="m7.7 10.6 2 2 3.5-3.6" />
    </>
  ),
};

/** The direction's mark on its tile (styles.css: `.direction-icon`); `size` is the tile's side in pixels. */
export function DirectionIcon({ direction, size = 28 }: { direction: Direction; size?: number }) {
  return (
    <span className="direction-icon" data-direction={direction} aria-hidden="true" style={{ width: size, height: size }}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {MARKS[direction]}
      </svg>
    </span>
  );
}

/** A direction as lists and forms show it: its mark, then its name (the app's own text). */
export function DirectionName({ direction, name, size = 24 }: { direction: Direction; name: string; size?: number }) {
  return (
    <span className="direction-name">
      <DirectionIcon direction={direction} size={size} />
      <span>{name}</span>
    </span>
  );
}
