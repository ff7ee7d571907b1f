import { Type } from 'typebox';
import { USER_AREA_ROLES } from '@academy/shared/contract';
import { IdParams, Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { currentUser, requireRoles } from '../../plugins/guards';
import { ReportBody, ReportId, ReportList, ReportQuery } from './schemas';
import { reportZone } from './zone';

const tags = ['reports'];

/**
 * Daily reports (spec 1 §7, spec 2 §2.9). The /user area's roles may call; the service then lets in
 * staff and users with isViewReport (writing also whoever the yesterday's-report modal asks).
 */
export default async function reportsModule(app: App): Promise<void> {
  const reports = app.reports;
  const preHandler = requireRoles(USER_AREA_ROLES);

  app.get(
    '/api/student/report',
    {
      preHandler,
      schema: {
        summary:
          'Reports of a window (≤ 31 days): one’s own, or (onlySelf=false) a direction’s for a student, everyone’s for staff',
        tags,
        querystring: ReportQuery,
        response: Reply(ReportList),
      },
    },
    async (request) => ok({ entities: await reports.list(currentUser(request), request.query, reportZone(request)) }),
  );

  app.post(
    '/api/student/report',
    { preHandler, schema: { summary: 'Write a report (one per day)', tags, body: ReportBody, response: Reply(ReportId) } },
    async (request) => ok({ id: await reports.create(currentUser(request), request.body, reportZone(request)) }),
  );

  app.put(
    '/api/student/report',
    { preHandler, schema: { summary: 'Change one’s own report', tags, body: ReportBody, response: Reply(ReportId) } },
    async (request) => ok({ id: await reports.update(currentUser(request), request.body, reportZone(request)) }),
  );

  app.delete(
    '/api/student/report/:id',
    {
      preHandler,
      schema: { summary: 'Delete one’s own report', tags, params: IdParams('id'), response: Reply(Type.Boolean()) },
    },
    async (request) => ok(await reports.remove(currentUser(request), request.params.id)),
  );
}
