import { heatShade } from './heat-map';

describe('heat-map shade (spec 2 §9)', () => {
  it('is floor(count / (max / 3)) + 1, the busiest days 4', () => {
    // max 15: a third is 5
    expect([1, 4, 5, 9, 10, 14, 15].map((count) => heatShade(count, 15))).toEqual([1, 1, 2, 2, 3, 3, 4]);
    // max 10: a third is 3.33…, exactly 3 thirds at 10 (no floating-point 2.999…)
    expect([1, 3, 4, 6, 7, 9, 10].map((count) => heatShade(count, 10))).toEqual([1, 1, 2, 2, 3, 3, 4]);
    expect(heatShade(1, 1)).toBe(4);
    expect([1, 2].map((count) => heatShade(count, 2))).toEqual([2, 4]);
  });

  it('a day without activity (or a year without any) is 0; never above 4', () => {
    expect(heatShade(0, 15)).toBe(0);
    expect(heatShade(0, 0)).toBe(0);
    expect(heatShade(3, 0)).toBe(0);
    expect(heatShade(30, 15)).toBe(4);
  });
});
