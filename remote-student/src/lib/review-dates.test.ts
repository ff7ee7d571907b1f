import { addDays, conferenceOpen, endOfNextMonth, listDate, monthGrid, shiftMonth, slotRange } from './review-dates';

describe('review dates', () => {
  it('lays a month out in weeks from Monday, padded with the neighbouring months', () => {
    // March 2026 starts on a Sunday and has 31 days: six weeks
    const weeks = monthGrid({ year: 2026, month: 3 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.map((d) => d.day)).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(weeks[0]!.map((d) => d.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(weeks.at(-1)!.map((d) => d.day)).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
    ]);
    // February 2027 starts on a Monday and fills exactly four weeks
    expect(monthGrid({ year: 2027, month: 2 })).toHaveLength(4);
  });

  it('the calendar ends on the last day of next month, across years and leap days', () => {
    expect(endOfNextMonth('2026-03-10')).toBe('2026-04-30');
    expect(endOfNextMonth('2026-12-31')).toBe('2027-01-31');
    expect(endOfNextMonth('2028-01-31')).toBe('2028-02-29');
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
  });

  it('writes days for the list and slots as start to start plus one hour', () => {
    expect(listDate('2026-03-05')).toBe('05.03.2026');
    expect(addDays('2026-03-01', -14)).toBe('2026-02-15');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    const start = new Date(2026, 2, 5, 23, 30);
    expect(slotRange(start.toISOString())).toBe('23:30 – 00:30');
    // in a reader's zone (a server render): 10:07 UTC is 13:07 in Moscow, 00:07 the next day in Kiritimati
    expect(slotRange('2026-03-05T10:07:00.000Z', 'Europe/Moscow')).toBe('13:07 – 14:07');
    expect(slotRange('2026-03-05T10:07:00.000Z', 'Pacific/Kiritimati')).toBe('00:07 – 01:07');
  });

  it('opens a review’s conference 15 minutes before its start, until the slot’s end', () => {
    const start = '2026-12-01T10:00:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(conferenceOpen(start, at('2026-11-30T10:00:00.000Z'))).toBe(false);
    expect(conferenceOpen(start, at('2026-12-01T09:44:59.000Z'))).toBe(false);
    expect(conferenceOpen(start, at('2026-12-01T09:45:00.000Z'))).toBe(true);
    expect(conferenceOpen(start, at('2026-12-01T10:59:59.000Z'))).toBe(true);
    expect(conferenceOpen(start, at('2026-12-01T11:00:00.000Z'))).toBe(false);
  });
});
