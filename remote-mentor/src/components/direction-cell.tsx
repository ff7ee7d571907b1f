import type { Direction } from '@academy/shared/contract';
import { DirectionName } from '@academy/shared/ui/direction';

/** A direction in a staff list or panel: its mark and name, or a dash for a user without one. */
export function DirectionCell({
  direction,
  name,
}: {
  direction: Direction | null | undefined;
  name(direction: Direction): string;
}) {
  return direction ? <DirectionName direction={direction} name={name(direction)} size={20} /> : <>—</>;
}
