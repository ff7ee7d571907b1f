import type { FastifyRequest } from 'fastify';
import { ACADEMY_ZONE } from '../../common/dates';
import { currentUser } from '../../plugins/guards';

/**
 * The zone a user's report days are counted in: the one stored with the account (their browser's at
 * the last sign-in), else the academy's; never the request's `zoneId` header, which the caller chooses
 * per request (issue 29: `Pacific/Kiritimati` dated a report tomorrow). The form's "today", the list's
 * default window and the yesterday's-report rule use the same one, so the modal's day is always accepted.
 */
export function reportZone(request: FastifyRequest): string {
  return currentUser(request).time_zone ?? ACADEMY_ZONE;
}
