import { sql, type Kysely } from 'kysely';
import { LEARNER_ROLES, type LearnerRole, type StudentSummary } from '@academy/shared/contract';
import type { Database } from '../../db/schema';

export function createStaffRepository(db: Kysely<Database>) {
  return {
    /** Learners whose name or e-mail contains `search` (lower case; empty: all), sorted by last name. */
    async searchStudents(search: string, limit: number): Promise<StudentSummary[]> {
      let select = db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email', 'role', 'payment_type', 'direction'])
        .where('role', 'in', [...LEARNER_ROLES])
        .$narrowType<{ role: LearnerRole }>();
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        select = select.where((eb) =>
          eb.or([
            eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
            eb(sql`lower(last_name || ' ' || first_name)`, 'like', pattern),
            eb(sql`lower(email)`, 'like', pattern),
          ]),
        );
      }
      const rows = await select.orderBy('last_name').orderBy('first_name').orderBy('id').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        role: row.role,
        paymentType: row.payment_type,
        direction: row.direction,
      }));
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
