import { screen, within } from '@testing-library/react';
import type { StudentTask } from '@academy/shared/contract';
import { apiData, apiFetch, createTestUser, openCourseFor, signInAs } from '@academy/shared/testing';
import { renderShell } from '../../test-utils';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A student whose own mentor accepted the link they sent for the JavaScript course's project. */
async function acceptedProject() {
  const mentor = await createTestUser({ role: 'MENTOR', direction: 'FE' });
  const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR', mentorId: mentor.id });
  await signInAs(mentor);
  const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
  const heading = await apiData<{ taskHeadingDtos: Array<{ courseTaskId: number }> }>(
    `/api/fake/user/course/${courseId}/taskHeading?modulePosition=3&chapterPosition=2&studentId=${student.id}`,
  );
  const courseTaskId = heading.taskHeadingDtos[0]!.courseTaskId;
  await signInAs(student);
  const own = await apiData<StudentTask>(`/api/student/task/${courseTaskId}/mentorCheckTask`);
  await apiFetch(
    `/api/student/taskInfo/${own.studentTaskId}/mentorCheckTask`,
    json({ answer: `https://github.com/s${student.id}/todo` }),
  );
  await signInAs(mentor);
  const pending = await apiData<StudentTask>(`/api/fake/user/task/${courseTaskId}/mentorCheckTask?studentId=${student.id}`);
  const verdict = await apiFetch(
    `/api/fake/protect/user/taskInfo/${pending.studentTaskId}/answer/${pending.answerId}/mentorAnswer`,
    json({ mentorComment: 'ok', right: true }),
  );
  expect(verdict.status).toBe(200);
  await signInAs(student);
}

describe('the academy’s notices in the bell (issue 29, item 21)', () => {
  it('follow the language chosen in the header at once, not only those sent afterwards', async () => {
    await acceptedProject();
    const { user } = renderShell('/user/courses');
    await user.click(await screen.findByRole('button', { name: /^Уведомления, непрочитанных/ }));
    expect(await screen.findByRole('button', { name: /Ментор принял вашу работу/ })).toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: 'Язык интерфейса' })).getByRole('button', { name: 'EN' }));
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    expect(await screen.findByRole('button', { name: /Your mentor accepted your work/ })).toBeInTheDocument();
    expect(screen.queryByText(/Ментор принял/)).not.toBeInTheDocument();
  }, 30_000);
});
