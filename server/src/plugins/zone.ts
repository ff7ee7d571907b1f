import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { canonicalZone } from '../common/dates';
import { badRequest } from '../common/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's IANA time zone from the `zoneId` header, canonical (UTC when absent). */
    zoneId: string;
  }
}

/** The caller's canonical zone when the request named one (our pages always do), else null. */
export function sentZone(request: FastifyRequest): string | null {
  return request.headers.zoneid ? request.zoneId : null;
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
