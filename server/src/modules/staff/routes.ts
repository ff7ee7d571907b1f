import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { STAFF_ROLES, type StudentSummary } from '@academy/shared/contract';
import { ok } from '../../plugins/errors';
import { requireRoles } from '../../plugins/session';

export const STUDENT_LIST_LIMIT = 50;

export default async function staffRoutes(app: FastifyInstance): Promise<void> {
  /** Students and enrollees for staff, searched by name or e-mail, sorted by last name. */
  app.get<{ Querystring: { query?: string } }>(
    '/api/fake/protect/user/students',
    {
      preHandler: requireRoles(STAFF_ROLES),
      schema: { querystring: { type: 'object', properties: { query: { type: 'string', maxLength: 100 } } } },
    },
    async (request) => {
      const query = (request.query.query ?? '').trim().toLowerCase();
      let select = app.db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email', 'role', 'payment_type', 'direction'])
        .where('role', 'in', ['PAY_STUDENT', 'STUDENT']);
      if (query) {
        const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        select = select.where((eb) =>
          eb.or([
            eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
            eb(sql`lower(last_name || ' ' || first_name)`, 'like', pattern),
            eb(sql`lower(email)`, 'like', pattern),
          ]),
        );
      }
      const rows = await select.orderBy('last_name').orderBy('first_name').orderBy('id').limit(STUDENT_LIST_LIMIT).execute();
      return ok<StudentSummary[]>(
        rows.map((row) => ({
          id: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          role: row.role as StudentSummary['role'],
          paymentType: row.payment_type,
          direction: row.direction,
        })),
      );
    },
  );
}
