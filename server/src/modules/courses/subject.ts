import type { FastifyRequest } from 'fastify';
import { STAFF_VIEW_ROLES } from '@academy/shared/contract';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { currentUser } from '../../plugins/session';

/** Whose pages a call reads: the viewer's own, or a student's in view-as-student (FAKE) mode. */
export interface Subject {
  viewer: UserRow;
  student: UserRow;
  fake: boolean;
}

/** The `studentId` query parameter, as every view-as-student route takes it. */
export const studentIdQuery = {
  type: 'object',
  required: ['studentId'],
  properties: { studentId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

/**
 * The one place that decides whose data is read. Own routes read the signed-in user. View-as-student
 * routes read `studentId`, allowed for ADMIN, MENTOR, CHIEF_MENTOR and CURATOR, and for a PAY_STUDENT
 * looking at a student of the same direction (spec 1 §6); everyone else gets a 403.
 */
export async function resolveSubject(request: FastifyRequest, mode: 'own' | 'fake'): Promise<Subject> {
  const viewer = currentUser(request);
  if (mode === 'own') return { viewer, student: viewer, fake: false };
  const { studentId } = request.query as { studentId?: number };
  if (!studentId) throw badRequest('studentId is required');
  const maySeeAny = STAFF_VIEW_ROLES.includes(viewer.role);
  if (!maySeeAny && viewer.role !== 'PAY_STUDENT') throw forbidden('You may not view students’ pages');
  if (studentId === viewer.id && viewer.role === 'PAY_STUDENT') return { viewer, student: viewer, fake: false };
  const student = await request.server.db.selectFrom('users').selectAll().where('id', '=', studentId).executeTakeFirst();
  if (!student || (student.role !== 'PAY_STUDENT' && student.role !== 'STUDENT')) {
    throw notFound(`There is no student with id ${studentId}`);
  }
  if (!maySeeAny && (viewer.direction === null || viewer.direction !== student.direction)) {
    throw forbidden('You may view only students of your direction');
  }
  return { viewer, student, fake: true };
}
