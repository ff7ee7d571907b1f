import { screen, waitFor, within } from '@testing-library/react';
import { apiFetch, createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import MentorApp from '../../app';

const renderArea = (area: string, route: string, language: 'ru' | 'en' = 'ru') =>
  renderWithProviders(<MentorApp />, { route, path: `/${area}/*`, language });

/** A surname no other test uses: each test searches for its own students. */
const uniqueSurname = (base: string) => `${base}${Date.now() % 1_000_000}`;

/** The data rows of the list (the header row left out). */
const dataRows = () => screen.getAllByRole('row').slice(1);

/** Enrols a student in the fixture course and opens its modules, as the staff's factory does. */
async function enrol(studentId: number) {
  const reply = await apiFetch('/__test__/enrolments', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ studentId, course: 'practice' }),
  });
  expect(reply.status).toBe(200);
}

describe('the staff’s students list against the real server', () => {
  it('the curator’s “All students”: a row with direction, mentor, payment, progress and activity; sorted by the headers; each row opens the student’s pages', async () => {
    const surname = uniqueSurname('Всестуд');
    const mentor = await createTestUser({ role: 'MENTOR', firstName: 'Инна', lastName: 'Наставникова', direction: null });
    const vera = await createTestUser({
      firstName: 'Вера',
      lastName: `${surname}а`,
      mentorId: mentor.id,
      paymentType: 'REGULAR',
    });
    await enrol(vera.id);
    const enrollee = await createTestUser({ firstName: 'Юлия', lastName: `${surname}б`, role: 'STUDENT', paymentType: null });
    await signedInUser({ role: 'CURATOR', firstName: 'Клара', direction: null });
    const { user } = renderArea('curator', '/curator/students/all');

    expect(await screen.findByRole('heading', { level: 1, name: 'Кабинет сотрудника' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Все студенты' })).toBeInTheDocument();
    expect(screen.getByText('Здравствуйте, Клара! Вы вошли как куратор.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Поиск студента' }), surname);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(screen.getByText('Найдено 2 студента')).toBeInTheDocument();

    const row = dataRows()[0]!;
    expect(within(row).getByText(`${surname}а Вера`)).toBeInTheDocument();
    expect(within(row).getByText(vera.email)).toBeInTheDocument();
    expect(within(row).getByText('Фронтенд-разработчик')).toBeInTheDocument();
    expect(within(row).getByText('Инна Наставникова')).toBeInTheDocument();
    expect(within(row).getByText('Обычная оплата')).toBeInTheDocument();
    expect(within(row).getByText('Практикум: JavaScript')).toBeInTheDocument();
    expect(
      within(row).getByRole('progressbar', { name: `Прогресс: Вера ${surname}а, курс «Практикум: JavaScript»` }),
    ).toHaveAttribute('aria-valuenow', '0');
    expect(within(row).getByText('0%')).toBeInTheDocument();
    expect(within(row).getByText('Ещё не занимался')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: `Открыть страницу студента: Вера ${surname}а` })).toHaveAttribute(
      'href',
      `/user/courses?studentId=${vera.id}`,
    );
    // an enrollee's progress is their lesson steps; they have no student pages
    const second = dataRows()[1]!;
    expect(within(second).getByText('абитуриент')).toBeInTheDocument();
    expect(within(second).getByText('Практикум абитуриента')).toBeInTheDocument();
    expect(within(second).getByText('Не назначен')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();
    expect(within(second).getByText('У абитуриента нет страниц студента')).toBeInTheDocument();
    expect(enrollee.id).toBeGreaterThan(0);

    // sorting: the name first, A to Z; the headers say how, as buttons
    const byName = screen.getByRole('columnheader', { name: /Студент/ });
    expect(byName).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(byName).getByRole('button'));
    await waitFor(() => expect(byName).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(within(dataRows()[0]!).getByText(`${surname}б Юлия`)).toBeInTheDocument());
    const byProgress = screen.getByRole('columnheader', { name: /Прогресс/ });
    expect(byProgress).toHaveAttribute('aria-sort', 'none');
    await user.click(within(byProgress).getByRole('button'));
    await waitFor(() => expect(byProgress).toHaveAttribute('aria-sort', 'descending'));
    expect(byName).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByTestId('location')).toHaveTextContent('sort=progress');
  });

  it('the relative activity with the exact moment; filters; an empty state', async () => {
    const surname = uniqueSurname('Фильтров');
    const active = await signedInUser({ firstName: 'Антон', lastName: `${surname}а`, paymentType: 'TRIAL' });
    await enrol(active.id);
    // the student reads the first lecture: their activity
    const courses = (await (await apiFetch('/api/student/course/all-views')).json()) as {
      data: Array<{ id: number; name: string }>;
    };
    const course = courses.data.find((c) => c.name === 'Практикум: JavaScript')!.id;
    const modules = (await (await apiFetch(`/api/student/course/views/${course}`)).json()) as {
      data: Array<{ chapterViewDtos: Array<{ taskViews: Array<{ taskId: number; type: string }> }> }>;
    };
    const lecture = modules.data[0]!.chapterViewDtos[0]!.taskViews.find((task) => task.type === 'lecture')!.taskId;
    const state = (await (await apiFetch(`/api/student/task/${lecture}/studentCourseTaskInfoId`)).json()) as { data: number };
    expect((await apiFetch(`/api/student/taskInfo/${state.data}/solve-lecture`)).status).toBe(200);
    await apiFetch('/token', { method: 'DELETE' });
    await createTestUser({ firstName: 'Борис', lastName: `${surname}б`, direction: 'JAVA', blocked: true });
    await signedInUser({ role: 'CHIEF_MENTOR', direction: null });
    const { user } = renderArea('chief', `/chief/students?q=${surname}`);

    await waitFor(() => expect(dataRows()).toHaveLength(2));
    const row = dataRows()[0]!;
    // the relative moment, the exact one in its tooltip
    expect(within(row).getByText(/^(сейчас|.*(минут|секунд).*назад)$/)).toHaveAttribute('title', expect.stringMatching(/\d{4}/));
    expect(within(row).getByText('Пробный доступ')).toBeInTheDocument();
    expect(within(dataRows()[1]!).getByText('Заблокирован или отчислен')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Направление' }), 'JAVA');
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(within(dataRows()[0]!).getByText(`${surname}б Борис`)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Только текущие' }));
    expect(await screen.findByText('Студентов по такому запросу нет. Измените запрос.')).toBeInTheDocument();
  });

  it('a manager’s “Current students”: current ones only, no view-as links', async () => {
    const surname = uniqueSurname('Текущий');
    await createTestUser({ firstName: 'Глеб', lastName: `${surname}а` });
    await createTestUser({ firstName: 'Дана', lastName: `${surname}б`, blocked: true });
    await signedInUser({ role: 'MANAGER', direction: null });
    renderArea('manager', `/manager/students/current?q=${surname}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Текущие студенты' })).toBeInTheDocument();
    expect(screen.getByText('Только те, кто учится сейчас: не заблокированные и не отчисленные.')).toBeInTheDocument();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(within(dataRows()[0]!).getByText(`${surname}а Глеб`)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Только текущие' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Страницы' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Открыть страницу студента/ })).not.toBeInTheDocument();
  });

  it('a mentor sees their own students first, and may keep only them', async () => {
    const surname = uniqueSurname('Свой');
    const me = await signedInUser({ role: 'MENTOR', firstName: 'Марк', direction: null });
    await createTestUser({ firstName: 'Ева', lastName: `${surname}б`, mentorId: me.id });
    await createTestUser({ firstName: 'Жанна', lastName: `${surname}а` });
    const { user } = renderArea('mentor', `/mentor/students?q=${surname}`);
    const mine = await screen.findByRole('checkbox', { name: 'Только мои студенты' });
    expect(mine).not.toBeChecked();
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(within(dataRows()[0]!).getByText(`${surname}б Ева`)).toBeInTheDocument();
    expect(within(dataRows()[1]!).getByText(`${surname}а Жанна`)).toBeInTheDocument();
    await user.click(mine);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(within(dataRows()[0]!).getByText(`${surname}б Ева`)).toBeInTheDocument();
  });

  it('pages of twenty', async () => {
    const surname = uniqueSurname('Страничный');
    for (let i = 0; i < 21; i += 1) await createTestUser({ lastName: `${surname}${String.fromCharCode(1072 + i)}` });
    await signedInUser({ role: 'CHIEF_MANAGER', direction: null });
    const { user } = renderArea('chief-manager', `/chief-manager/students/current?q=${surname}`);
    await waitFor(() => expect(dataRows()).toHaveLength(20));
    const pager = screen.getByRole('navigation', { name: 'Страницы списка студентов' });
    expect(within(pager).getByText('Страница 1 из 2')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Вперёд' }));
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(within(pager).getByText('Страница 2 из 2')).toBeInTheDocument();
  });

  it('reads well in English', async () => {
    const surname = uniqueSurname('English');
    await createTestUser({ firstName: 'Anna', lastName: surname });
    await signedInUser({ role: 'CURATOR', direction: null });
    renderArea('curator', `/curator/students/all?q=${surname}`, 'en');
    expect(await screen.findByRole('heading', { level: 2, name: 'All students' })).toBeInTheDocument();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(screen.getByText('1 student found')).toBeInTheDocument();
    expect(within(dataRows()[0]!).getByText('Deferred payment')).toBeInTheDocument();
    expect(within(dataRows()[0]!).getByText('No activity yet')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Progress/ })).toBeInTheDocument();
  });

  it('other staff paths show the not-found page for the role', async () => {
    await signedInUser({ role: 'ADMIN' });
    renderWithProviders(<MentorApp />, { route: '/admin/something', path: '/admin/*' });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(await screen.findByText(/Вы вошли как администратор/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в панель управления' })).toHaveAttribute('href', '/admin/users/');
  });
});
