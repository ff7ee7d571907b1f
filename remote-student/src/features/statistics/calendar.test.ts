import { buildCalendar, windowStart } from './calendar';

describe('the heat map’s calendar', () => {
  it('starts on the first day of the month a year ago', () => {
    expect(windowStart('2026-03-10')).toBe('2025-03-01');
    expect(windowStart('2028-02-29')).toBe('2027-02-01');
  });

  it('lays the days out in weeks, Monday first, with months, totals, shades and the busiest day', () => {
    const calendar = buildCalendar(
      [
        { date: '2025-02-28', count: 50 }, // before the window: ignored
        { date: '2025-03-01', count: 3 },
        { date: '2025-03-03', count: 15 },
        { date: '2025-09-15', count: 15 },
        { date: '2026-03-10', count: 5 },
      ],
      '2026-03-10',
    );
    // 1 March 2025 was a Saturday: row 5 of the first week
    expect(calendar.days[0]).toEqual({ date: '2025-03-01', count: 3, shade: 1, column: 0, row: 5 });
    expect(calendar.days[2]).toEqual({ date: '2025-03-03', count: 15, shade: 4, column: 1, row: 0 });
    // 10 March 2026 was a Tuesday
    expect(calendar.days.at(-1)).toEqual({ date: '2026-03-10', count: 5, shade: 2, column: 54, row: 1 });
    expect(calendar.days).toHaveLength(365 + 10);
    expect(calendar.columns).toBe(55);
    expect(calendar.months.map((m) => m.date)).toHaveLength(13);
    expect(calendar.months[1]).toEqual({ date: '2025-04-01', column: 5 });
    expect(calendar.totals[0]).toEqual({ month: '2025-03', count: 18 });
    expect(calendar.totals.at(-1)).toEqual({ month: '2026-03', count: 5 });
    expect(calendar.total).toBe(38);
    expect(calendar.max).toBe(15);
    expect(calendar.busiest).toEqual({ date: '2025-09-15', count: 15 });
  });

  it('a day counted after the browser’s today still shows; no activity has no busiest day', () => {
    expect(buildCalendar([{ date: '2026-03-11', count: 2 }], '2026-03-10').days.at(-1)).toMatchObject({
      date: '2026-03-11',
      shade: 4,
    });
    const empty = buildCalendar([], '2026-03-10');
    expect(empty).toMatchObject({ total: 0, max: 0, busiest: null });
    expect(empty.days.every((day) => day.shade === 0)).toBe(true);
  });
});
