import { Type } from 'typebox';
import { STAFF_ROLES } from '@academy/shared/contract';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../plugins/errors';
import { requireRoles } from '../../plugins/session';
import { createStaffRepository } from './repository';
import { StudentSearchQuery, StudentSummarySchema } from './schemas';
import { createStaffService } from './service';

/** The staff's student list. */
export default async function staffModule(app: App): Promise<void> {
  const staff = createStaffService(createStaffRepository(app.db));
  app.get(
    '/api/fake/protect/user/students',
    {
      preHandler: requireRoles(STAFF_ROLES),
      schema: {
        summary: 'Students and enrollees, searched by name or e-mail, sorted by last name',
        tags: ['staff'],
        querystring: StudentSearchQuery,
        response: Reply(Type.Array(StudentSummarySchema)),
      },
    },
    async (request) => ok(await staff.searchStudents(request.query.query)),
  );
}
