import { createTestUser, openCourseFor, renderWithProviders, signedInUser, signInAs } from '@academy/shared/testing';
import StudentApp from '../../app';

/** The student area at an address, for the task page's tests against the real test server. */
export const renderArea = (route: string) => renderWithProviders(<StudentApp />, { route, path: '/user/*' });

/** A signed-in paying FE student with every module of the practice course open (a mentor opened them). */
export async function studentWithOpenCourse() {
  const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR' });
  await signedInUser({ role: 'MENTOR', direction: 'FE' });
  const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
  await signInAs(student);
  return { courseId, student };
}
