import type { FastifyRequest } from 'fastify';
import { ACADEMY_ZONE, sentZone } from '../../plugins/zone';
import { currentUser } from '../../plugins/session';

/**
 * The zone a user's report days are counted in: their browser's (the `zoneId` header our pages always
 * send), else the zone of their last sign-in, else the academy's. The form's "today", the list's default
 * window and the yesterday's-report rule use the same one, so the modal's day is always accepted.
 */
export function reportZone(request: FastifyRequest): string {
  return sentZone(request) ?? currentUser(request).time_zone ?? ACADEMY_ZONE;
}
