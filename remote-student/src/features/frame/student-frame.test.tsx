import { screen, waitFor, within } from '@testing-library/react';
import { sessionApi } from '@academy/shared/api';
import { apiFetch, renderWithProviders, signedInUser } from '@academy/shared/testing';
import StudentApp from '../../app';

const renderArea = (route: string) => renderWithProviders(<StudentApp />, { route, path: '/user/*' });

describe('student page frame against the real server', () => {
  it('shows the tabs, the reports tab for a user with isViewReport, and a quote from the server', async () => {
    await signedInUser({ role: 'PAY_STUDENT', paymentType: 'REGULAR', isViewReport: true });
    renderArea('/user/courses');
    const tabs = await screen.findByRole('navigation', { name: 'Разделы студента' });
    const names = (await within(tabs).findAllByRole('link')).map((link) => link.textContent);
    expect(names).toEqual(['Курсы', 'Статистика', 'Ревью', 'Отчёты']);
    expect(within(tabs).getByRole('link', { name: 'Курсы' })).toHaveAttribute('aria-current', 'page');
    const quote = await screen.findByRole('figure', { name: 'Цитата дня' });
    expect(quote.textContent).toMatch(/«.+»\s*— .+/);
  });

  it('writes the quote anew in the language chosen in the header, without waiting for the next page', async () => {
    await signedInUser({ role: 'PAY_STUDENT', paymentType: 'REGULAR' });
    const { store } = renderArea('/user/courses');
    const quote = await screen.findByRole('figure', { name: 'Цитата дня' });
    expect(quote.textContent).toMatch(/[а-яё]/i);
    // the header's language switch (shell) saves the choice on the server with this call
    await store.dispatch(sessionApi.endpoints.selectLanguage.initiate('en')).unwrap();
    await waitFor(() => expect(screen.getByRole('figure', { name: 'Цитата дня' }).textContent).not.toMatch(/[а-яё]/i));
  });

  it('has no reports tab without isViewReport, whatever the payment type (UNTIL_PAID included)', async () => {
    await signedInUser({ role: 'PAY_STUDENT', paymentType: 'UNTIL_PAID' });
    renderArea('/user/statistic');
    const tabs = await screen.findByRole('navigation', { name: 'Разделы студента' });
    expect(await within(tabs).findAllByRole('link')).toHaveLength(3);
    expect(within(tabs).queryByRole('link', { name: 'Отчёты' })).not.toBeInTheDocument();
  });

  it('pages not built yet show the area not-found page inside the frame', async () => {
    await signedInUser();
    renderArea('/user/something-else');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Разделы студента' })).toBeInTheDocument();
  });

  it('in FAKE mode shows the page-of-student label with the name, keeps studentId and hides reports', async () => {
    const student = await signedInUser({
      firstName: 'Ирина',
      lastName: 'Смирнова',
      paymentType: 'UNTIL_PAID',
      isViewReport: true,
    });
    await apiFetch('/token', { method: 'DELETE' });
    await signedInUser({ role: 'MENTOR' });
    renderArea(`/user/courses?studentId=${student.id}`);
    expect(await screen.findByText('Страница студента')).toBeInTheDocument();
    // the bar and the mentor's selector write the name alike, surname first
    // (both, not the first to come: the selector's list and the bar's name arrive apart)
    await waitFor(() => expect(screen.getAllByText('Смирнова Ирина')).toHaveLength(2));
    const tabs = screen.getByRole('navigation', { name: 'Разделы студента' });
    expect(within(tabs).getByRole('link', { name: 'Статистика' })).toHaveAttribute(
      'href',
      `/user/statistic?studentId=${student.id}`,
    );
    expect(within(tabs).queryByRole('link', { name: 'Отчёты' })).not.toBeInTheDocument();
  });

  it('in FAKE mode an id that is no student’s (another staff member, none at all) shows one clear page and the way back', async () => {
    const colleague = await signedInUser({ role: 'CURATOR', direction: null });
    await apiFetch('/token', { method: 'DELETE' });
    await signedInUser({ role: 'MENTOR' });
    for (const id of [colleague.id, 987654]) {
      const { unmount } = renderArea(`/user/statistic?studentId=${id}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Студент не найден' })).toBeInTheDocument();
      expect(
        screen.getByText(`Нет студента с id ${id}. Проверьте ссылку или найдите студента в кабинете сотрудника.`),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'В кабинет сотрудника' })).toHaveAttribute('href', '/mentor/review/table');
      expect(screen.queryByText('Страница студента')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('a paying student with their own id as studentId stays in NORMAL mode', async () => {
    const me = await signedInUser({ paymentType: 'UNTIL_PAID', isViewReport: true });
    renderArea(`/user/courses?studentId=${me.id}`);
    const tabs = await screen.findByRole('navigation', { name: 'Разделы студента' });
    expect(await within(tabs).findByRole('link', { name: 'Отчёты' })).toBeInTheDocument();
    expect(screen.queryByText('Страница студента')).not.toBeInTheDocument();
  });

  it('reads well in English', async () => {
    await signedInUser({ paymentType: 'UNTIL_PAID', isViewReport: true });
    renderWithProviders(<StudentApp />, { route: '/user/courses', path: '/user/*', language: 'en' });
    const tabs = await screen.findByRole('navigation', { name: 'Student sections' });
    expect((await within(tabs).findAllByRole('link')).map((l) => l.textContent)).toEqual([
      'Courses',
      'Statistics',
      'Review',
      'Reports',
    ]);
    expect(await screen.findByRole('region', { name: 'Main courses' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Практикум: JavaScript' })).toBeInTheDocument();
  });
});
