import { screen } from '@testing-library/react';
import { apiFetch, createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import StudentApp from '../../app';

const renderArea = (route: string) => renderWithProviders(<StudentApp />, { route, path: '/user/*' });

// Issue 29, item 16: staff on a student's page read about the student, and a missing page is the student's.
describe('a student’s task page as staff see it, against the real server', () => {
  it('a mentor-check answer waiting for a verdict speaks of the student, not of “your” answer', async () => {
    const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR' });
    // an answer of the student's, waiting past its promise (the e2e and test servers' factory)
    const sent = await apiFetch('/__test__/waiting-answers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ studentId: student.id, minutesAgo: 25 * 60 }),
    });
    const { path } = (await sent.json()) as { path: string };
    await signedInUser({ role: 'CURATOR', direction: null });
    renderArea(path);
    expect(
      await screen.findByText('Решение студента отправлено и ждёт проверки ментором.', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Проверка задерживается: вердикт обещали до .+\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/Ментор скоро ответит/)).not.toBeInTheDocument();
    expect(screen.queryByText('Решение отправлено и ждёт проверки ментором.')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ответ студента' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('textbox', { name: 'Ваш ответ' })).not.toBeInTheDocument();
  });

  it('a task the student’s course does not have: the student’s missing page inside their frame, not the role’s', async () => {
    const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR' });
    await signedInUser({ role: 'MENTOR', direction: null });
    const courses = await (await apiFetch(`/api/fake/user/course/all-views?studentId=${student.id}`)).json();
    const courseId = (courses as { data: Array<{ id: number }> }).data[0]!.id;
    renderArea(`/user/courses/${courseId}/9/9/9?studentId=${student.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'У студента нет такой страницы' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К курсам студента' })).toHaveAttribute(
      'href',
      `/user/courses?studentId=${student.id}`,
    );
    expect(screen.queryByText(/Для этой роли такой страницы нет/)).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Разделы студента' })).toBeInTheDocument();
  });
});
