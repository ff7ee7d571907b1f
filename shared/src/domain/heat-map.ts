/** A heat-map cell's shade: 0 for a day without activity, then 1 (least) to 4 (the busiest days). */
export type HeatShade = 0 | 1 | 2 | 3 | 4;

/**
 * Spec 2 §9: the shade of a day is its count divided by a third of the year's maximum, floored, plus
 * one, so the busiest days get 4; computed as floor(3 × count / max) in integers (no rounding drift).
 */
export function heatShade(count: number, max: number): HeatShade {
  if (count <= 0 || max <= 0) return 0;
  return Math.min(4, Math.floor((3 * count) / max) + 1) as HeatShade;
}
