import { screen, waitFor, within } from '@testing-library/react';
import { createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import MentorApp from '../../app';

describe('staff home against the real server', () => {
  it('lists students; a mentor can open a student’s pages; search narrows the list', async () => {
    const surname = `Уникальная${Date.now() % 100000}`;
    const student = await createTestUser({ firstName: 'Вера', lastName: surname });
    await signedInUser({ role: 'MENTOR', firstName: 'Марк' });
    // the mentor lands on the review queue; their staff home is beside it
    const { user } = renderWithProviders(<MentorApp />, { route: '/mentor/students', path: '/mentor/*' });
    expect(await screen.findByRole('heading', { name: 'Кабинет сотрудника' })).toBeInTheDocument();
    expect(await screen.findByText('Здравствуйте, Марк! Вы вошли как ментор.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Поиск студента' }), surname);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText(`${surname} Вера`)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Открыть страницу студента/ })).toHaveAttribute(
      'href',
      `/user/courses?studentId=${student.id}`,
    );
  });

  it('shows an empty state when nothing matches', async () => {
    await signedInUser({ role: 'ADMIN' });
    const { user } = renderWithProviders(<MentorApp />, { route: '/admin/users/', path: '/admin/*' });
    await user.type(await screen.findByRole('searchbox', { name: 'Поиск студента' }), 'нет-такого-студента-xyz');
    expect(await screen.findByText('Студентов по такому запросу нет. Измените запрос.')).toBeInTheDocument();
  });

  it('a manager sees the list without view-as-student links', async () => {
    await createTestUser();
    await signedInUser({ role: 'MANAGER' });
    renderWithProviders(<MentorApp />, { route: '/manager/students/current', path: '/manager/*' });
    await screen.findAllByRole('row');
    expect(screen.queryByRole('columnheader', { name: 'Страницы' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Открыть страницу студента/ })).not.toBeInTheDocument();
  });

  it('other staff paths show the not-found page for the role', async () => {
    await signedInUser({ role: 'ADMIN' });
    renderWithProviders(<MentorApp />, { route: '/admin/something', path: '/admin/*' });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(await screen.findByText(/Вы вошли как администратор/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в панель управления' })).toHaveAttribute('href', '/admin/users/');
  });
});
