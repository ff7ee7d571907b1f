import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { badRequest } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** IANA time zone of the caller from the `zoneId` header (UTC when absent). */
    zoneId: string;
  }
}

const known = new Map<string, boolean>();

export function isTimeZone(zone: string): boolean {
  let valid = known.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    if (known.size < 1000) known.set(zone, valid);
  }
  return valid;
}

/** Every call carries the browser's time zone (spec 1 §7); dates are computed in it. */
export default fp(
  async function zonePlugin(app: App) {
    app.decorateRequest('zoneId', 'UTC');
    app.addHook('onRequest', async (request) => {
      const header = request.headers.zoneid;
      const zone = Array.isArray(header) ? header[0] : header;
      if (!zone) return;
      if (zone.length > 64 || !isTimeZone(zone)) throw badRequest('server.badZone', { zone: zone.slice(0, 64) });
      request.zoneId = zone;
    });
  },
  { name: 'zone', dependencies: ['errors'] },
);
