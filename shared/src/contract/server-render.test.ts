import { browserTimeZone } from './server-render';

type WithTemporal = typeof globalThis & { Temporal?: unknown };

describe('browserTimeZone', () => {
  const original = (globalThis as WithTemporal).Temporal;
  afterEach(() => {
    (globalThis as WithTemporal).Temporal = original;
    jest.restoreAllMocks();
  });

  it('asks Temporal first and builds no Intl formatter (the first one loads locale data)', () => {
    (globalThis as WithTemporal).Temporal = { Now: { timeZoneId: () => 'Asia/Yekaterinburg' } };
    const formatter = jest.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe('Asia/Yekaterinburg');
    expect(formatter).not.toHaveBeenCalled();
  });

  it('falls back on Intl where Temporal is not there yet', () => {
    (globalThis as WithTemporal).Temporal = undefined;
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is null when neither can tell', () => {
    (globalThis as WithTemporal).Temporal = undefined;
    jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no zone');
    });
    expect(browserTimeZone()).toBeNull();
  });
});
