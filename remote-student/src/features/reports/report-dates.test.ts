import { dayBefore, monthWindows, shiftMonth, windowIndexOf } from './report-dates';

describe('the report calendar’s days', () => {
  it('cuts a month into windows starting at 1, 6, 11, 16, 21 and 26; the last runs to the month’s end', () => {
    expect(monthWindows({ year: 2026, month: 3 }).map((w) => [w.from, w.to])).toEqual([
      [1, 5],
      [6, 10],
      [11, 15],
      [16, 20],
      [21, 25],
      [26, 31],
    ]);
    expect(monthWindows({ year: 2026, month: 2 }).at(-1)).toEqual({ index: 5, from: 26, to: 28 });
    expect(monthWindows({ year: 2024, month: 2 }).at(-1)).toEqual({ index: 5, from: 26, to: 29 });
    expect(windowIndexOf({ year: 2026, month: 3 }, 31)).toBe(5);
    expect(windowIndexOf({ year: 2026, month: 3 }, 6)).toBe(1);
  });

  it('wraps the year at December and January', () => {
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -1)).toEqual({ year: 2026, month: 4 });
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
  });
});
