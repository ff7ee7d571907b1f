import { screen, waitFor, within } from '@testing-library/react';
import { createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import StudentApp from '../../app';

const renderArea = (route: string, language: 'ru' | 'en' = 'ru') =>
  renderWithProviders(<StudentApp />, { route, path: '/user/*', language });
const location = () => screen.getByTestId('location').textContent;
const bar = () => screen.getByRole('region', { name: 'Страница студента' });

describe('the view-as bar and the student selector against the real server', () => {
  it('staff see the student’s name (surname first, as the selector and the staff list) and mentor; the search opens another student at the same page', async () => {
    const tag = Date.now() % 1_000_000;
    const mentor = await createTestUser({ role: 'MENTOR', firstName: 'Инна', lastName: 'Наставница', direction: null });
    const first = await createTestUser({ firstName: 'Лев', lastName: `Первый${tag}`, mentorId: mentor.id });
    const second = await createTestUser({ firstName: 'Мира', lastName: `Второй${tag}` });
    // an enrollee has no pages here: the search does not offer them
    await createTestUser({ firstName: 'Нина', lastName: `Второй${tag}абитуриент`, role: 'STUDENT', paymentType: null });
    await signedInUser({ role: 'CURATOR', direction: null });
    const { user } = renderArea(`/user/statistic?studentId=${first.id}`);

    expect(
      await within(await screen.findByRole('region', { name: 'Страница студента' })).findByText(`Первый${tag} Лев`),
    ).toBeInTheDocument();
    expect(await within(bar()).findByText('Ментор: Инна Наставница')).toBeInTheDocument();
    const search = within(bar()).getByRole('combobox', { name: 'Открыть другого студента' });
    expect(search).toHaveAttribute('aria-expanded', 'false');
    await user.type(search, `Второй${tag}`);
    const list = await screen.findByRole('listbox', { name: 'Найденные студенты' });
    await waitFor(() => expect(search).toHaveAttribute('aria-expanded', 'true'));
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([`Второй${tag} Мира${second.email}`]);
    // the keyboard: the arrow marks the option, Enter opens it
    await user.keyboard('{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe(`/user/statistic?studentId=${second.id}`));
    expect(await within(bar()).findByText(`Второй${tag} Мира`)).toBeInTheDocument();
    expect(await within(bar()).findByText('Ментор не назначен')).toBeInTheDocument();
  });

  it('a mentor picks among their own students, the student on the page included', async () => {
    const tag = Date.now() % 1_000_000;
    const me = await signedInUser({ role: 'MENTOR', direction: null });
    const own = await createTestUser({ firstName: 'Олег', lastName: `Свой${tag}`, mentorId: me.id });
    const another = await createTestUser({ firstName: 'Павел', lastName: `Ещёсвой${tag}`, mentorId: me.id });
    await createTestUser({
      firstName: 'Рита',
      lastName: `Абитуриентка${tag}`,
      mentorId: me.id,
      role: 'STUDENT',
      paymentType: null,
    });
    const foreign = await createTestUser({ firstName: 'Сава', lastName: `Чужой${tag}` });
    const { user } = renderArea(`/user/courses?studentId=${foreign.id}`);

    const select = await within(await screen.findByRole('region', { name: 'Страница студента' })).findByRole('combobox', {
      name: 'Мои студенты',
    });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([`Чужой${tag} Сава`, `Ещёсвой${tag} Павел`, `Свой${tag} Олег`]);
    expect(select).toHaveValue(String(foreign.id));
    await user.selectOptions(select, String(own.id));
    await waitFor(() => expect(location()).toBe(`/user/courses?studentId=${own.id}`));
    // the bar's name, not the selector's option of the same text
    expect(await within(bar()).findByText(`Свой${tag} Олег`, { selector: 'strong' })).toBeInTheDocument();
    expect(another.id).toBeGreaterThan(0);
  });

  it('a classmate sees the name only: no mentor, no selector', async () => {
    const student = await createTestUser({ firstName: 'Тая', lastName: 'Однокурсница', direction: 'FE' });
    await signedInUser({ direction: 'FE' });
    renderArea(`/user/statistic?studentId=${student.id}`);
    expect(
      await within(await screen.findByRole('region', { name: 'Страница студента' })).findByText('Однокурсница Тая'),
    ).toBeInTheDocument();
    expect(within(bar()).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(bar()).queryByText(/Ментор/)).not.toBeInTheDocument();
  });

  it('reads well in English', async () => {
    const student = await createTestUser({ firstName: 'Ulla', lastName: 'Viewed' });
    await signedInUser({ role: 'ADMIN', direction: null });
    renderArea(`/user/courses?studentId=${student.id}`, 'en');
    const region = await screen.findByRole('region', { name: 'Page of student' });
    expect(await within(region).findByText('No mentor assigned')).toBeInTheDocument();
    expect(within(region).getByRole('combobox', { name: 'Open another student' })).toBeInTheDocument();
  });
});
