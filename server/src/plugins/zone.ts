import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { badRequest } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's IANA time zone from the `zoneId` header, canonical (UTC when absent). */
    zoneId: string;
  }
}

/** The academy's own zone: a student's days when their own zone is unknown (docs/courses.md, "Statistics"). */
export const ACADEMY_ZONE = 'Europe/Moscow';

const canonical = new Map<string, string | null>();

/**
 * The canonical name of a time zone, or null when it is none. ICU accepts aliases and any case
 * (`US/Pacific-New`, `europe/moscow`) that the database may not know; their canonical names
 * (`America/Los_Angeles`, `Europe/Moscow`) it does.
 */
export function canonicalZone(zone: string): string | null {
  let name = canonical.get(zone);
  if (name === undefined) {
    try {
      name = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      name = null;
    }
    if (canonical.size < 1000) canonical.set(zone, name);
  }
  return name;
}

/** The caller's canonical zone when the request named one (our pages always do), else null. */
export function sentZone(request: FastifyRequest): string | null {
  return request.headers.zoneid ? request.zoneId : null;
}

/** Every call carries the browser's time zone (spec 1 §7); dates are computed in it. */
/** The calendar day of an instant in a time zone, `yyyy-mm-dd`. */
export function dayInZone(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(instant)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The zone's name as PostgreSQL reads it the same way JavaScript does. Browsers send IANA names; an
 * offset (`+03:00`, which newer engines accept) means the opposite to PostgreSQL (POSIX signs), so a
 * whole-hour offset becomes its `Etc/GMT` name and any other falls back to UTC.
 */
export function sqlZone(zone: string): string {
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!offset) return zone;
  const [, sign, hours, minutes] = offset;
  if (minutes !== '00' || Number(hours) === 0) return 'UTC';
  return `Etc/GMT${sign === '+' ? '-' : '+'}${Number(hours)}`;
}

export default fp(
  async function zonePlugin(app: App) {
    app.decorateRequest('zoneId', 'UTC');
    app.addHook('onRequest', async (request) => {
      const header = request.headers.zoneid;
      const zone = Array.isArray(header) ? header[0] : header;
      if (!zone) return;
      const name = zone.length > 64 ? null : canonicalZone(zone);
      if (!name) throw badRequest('server.badZone', { zone: zone.slice(0, 64) });
      request.zoneId = name;
    });
  },
  { name: 'zone', dependencies: ['errors'] },
);
