import { dayInZone, formatDateTime } from './dates';

describe('dates in a zone (formatters kept per zone)', () => {
  const instant = new Date('2026-03-29T00:30:00Z');

  it('formats one instant in each reader’s zone, whatever zone came first', () => {
    // asked in turn, so a formatter kept for one zone is never used for another
    for (let round = 0; round < 2; round += 1) {
      expect(formatDateTime(instant, 'Europe/Moscow')).toBe('29.03.2026 03:30');
      expect(formatDateTime(instant, 'America/Los_Angeles')).toBe('28.03.2026 17:30');
      expect(formatDateTime(instant, 'UTC')).toBe('29.03.2026 00:30');
      expect(formatDateTime(instant, 'Asia/Kolkata')).toBe('29.03.2026 06:00');
    }
  });

  it('follows summer time: the same zone an hour apart across its change', () => {
    // Europe/Berlin moves from +01:00 to +02:00 at 01:00 UTC on 2026-03-29
    expect(formatDateTime(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe('29.03.2026 01:59');
    expect(formatDateTime(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('29.03.2026 03:00');
    expect(formatDateTime(new Date('2026-01-05T23:05:00Z'), 'Europe/Berlin')).toBe('06.01.2026 00:05');
  });

  it('names the calendar day of the zone', () => {
    expect(dayInZone(instant, 'America/Los_Angeles')).toBe('2026-03-28');
    expect(dayInZone(instant, 'Europe/Moscow')).toBe('2026-03-29');
    expect(dayInZone(new Date('2026-12-31T22:00:00Z'), 'Asia/Tokyo')).toBe('2027-01-01');
  });

  it('refuses a zone that is none, as Intl does', () => {
    expect(() => formatDateTime(instant, 'Mars/Olympus')).toThrow(RangeError);
  });
});
