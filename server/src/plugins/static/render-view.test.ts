import type { FastifyRequest } from 'fastify';
import { timeZoneOf } from './render-view';

const withCookie = (zone?: string) => ({ cookies: zone === undefined ? {} : { academy_tz: zone } }) as unknown as FastifyRequest;

describe('the browser’s time zone for a server render (the academy_tz cookie)', () => {
  it('is a zone this server knows', () => {
    expect(timeZoneOf(withCookie('Europe/Moscow'))).toBe('Europe/Moscow');
    expect(timeZoneOf(withCookie('Asia/Yekaterinburg'))).toBe('Asia/Yekaterinburg');
    expect(timeZoneOf(withCookie('UTC'))).toBe('UTC');
  });

  it('is null without a cookie, for a zone nobody has, and for text that is no zone name at all', () => {
    expect(timeZoneOf(withCookie())).toBeNull();
    expect(timeZoneOf(withCookie(''))).toBeNull();
    expect(timeZoneOf(withCookie('Mars/Olympus_Mons'))).toBeNull();
    expect(timeZoneOf(withCookie('Europe/Moscow"><script>'))).toBeNull();
    expect(timeZoneOf(withCookie(`Europe/${'A'.repeat(100)}`))).toBeNull();
  });
});
