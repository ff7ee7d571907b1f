import { clockIn, dateTimeFormat } from './format';

describe('date formatters', () => {
  it('makes one formatter per locale and options and keeps it', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const first = dateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    expect(dateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' })).toBe(first);
    expect(made).toHaveBeenCalledTimes(1);
    expect(first.format(Date.UTC(2026, 11, 4))).toBe('4 декабря');
    // another zone or locale is another formatter
    expect(dateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Asia/Tokyo' })).not.toBe(first);
    expect(dateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 11, 4))).toBe(
      '4 December',
    );
    made.mockRestore();
  });

  it('keeps a bounded number of them', () => {
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 250);
    const formats = zones.map((timeZone) => dateTimeFormat('en-GB', { timeZone, hour: '2-digit' }));
    // the oldest made were let go (made again when asked), the newest are kept
    expect(dateTimeFormat('en-GB', { timeZone: zones[0], hour: '2-digit' })).not.toBe(formats[0]);
    expect(dateTimeFormat('en-GB', { timeZone: zones[249], hour: '2-digit' })).toBe(formats[249]);
    expect(clockIn(new Date(Date.UTC(2026, 0, 1, 9, 5)), 'Asia/Tokyo')).toBe('18:05');
  });
});
