import { screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { createAcademyStore, notify } from '@academy/shared/api';
import { apiFetch, createTestUser, renderWithProviders, signedInUser, signInAs, type TestUser } from '@academy/shared/testing';
import MentorApp from '../../app';

const HOUR = 60;

/** The queue at an area's landing path, with a store that records the notices the page raises. */
function renderQueue(area: string) {
  const raised: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (notify.match(action)) raised.push(action.payload.message);
    return next(action);
  };
  const store = createAcademyStore({ middleware: record });
  const view = renderWithProviders(<MentorApp />, { route: `/${area}/review/table`, path: `/${area}/*`, store });
  return { ...view, raised };
}

/** A student (of the mentor, or without one) whose project answer waits since `minutesAgo`; returns the task page's address. */
async function waitingAnswer(lastName: string, minutesAgo: number, mentorId?: number) {
  const student = await createTestUser({ firstName: 'Пётр', lastName, ...(mentorId ? { mentorId } : {}) });
  const reply = await apiFetch('/__test__/waiting-answers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ studentId: student.id, minutesAgo }),
  });
  expect(reply.status).toBe(200);
  return { student, ...((await reply.json()) as { answerId: number; path: string }) };
}

/** The queue's row of a student (the queue may also hold other tests' students without a mentor). */
async function rowOf(lastName: string): Promise<HTMLElement> {
  const name = await screen.findByText(`Пётр ${lastName}`, {}, { timeout: 5000 });
  return name.closest('tr')!;
}

const mentor = (lastName: string): Promise<TestUser> => createTestUser({ role: 'MENTOR', firstName: 'Инна', lastName });

describe('the mentor queue against the real server', () => {
  it('a mentor lands on it: their students’ answers oldest first, the promise in words; take, then open as the student', async () => {
    const tag = Date.now() % 100000;
    const me = await signedInUser({ role: 'MENTOR', firstName: 'Инна', lastName: `Очередная${tag}` });
    const other = await mentor(`Чужая${tag}`);
    const late = await waitingAnswer(`Опоздавший${tag}`, 26 * HOUR, me.id);
    await waitingAnswer(`Торопящий${tag}`, 20 * HOUR, me.id);
    await waitingAnswer(`Свежий${tag}`, 30, me.id);
    await waitingAnswer(`Чужой${tag}`, 60, other.id);
    const { user, raised } = renderQueue('mentor');

    expect(await screen.findByRole('heading', { level: 1, name: 'Очередь проверки' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    expect(within(menu).getByRole('link', { name: 'Очередь проверки' })).toHaveAttribute('href', '/mentor/review/table');
    expect(within(menu).getByRole('link', { name: 'Кабинет сотрудника' })).toHaveAttribute('href', '/mentor/students');
    expect(screen.getByText(/Вердикт студенту обещан в течение 24 ч/)).toBeInTheDocument();

    const lateRow = await rowOf(`Опоздавший${tag}`);
    const soonRow = await rowOf(`Торопящий${tag}`);
    const freshRow = await rowOf(`Свежий${tag}`);
    // oldest first
    const rows = screen.getAllByRole('row');
    expect(rows.indexOf(lateRow)).toBeLessThan(rows.indexOf(soonRow));
    expect(rows.indexOf(soonRow)).toBeLessThan(rows.indexOf(freshRow));
    // another mentor's student is not here, never
    expect(screen.queryByText(`Пётр Чужой${tag}`)).not.toBeInTheDocument();

    // the promise in words (and an icon), not by colour alone; the waiting time
    expect(within(lateRow).getByText('Просрочено')).toBeInTheDocument();
    expect(within(lateRow).getByText(/опоздание 2 ч 0 мин/)).toBeInTheDocument();
    expect(within(lateRow).getByText('1 д 2 ч')).toBeInTheDocument();
    expect(within(soonRow).getByText('Скоро срок')).toBeInTheDocument();
    expect(within(soonRow).getByText(/осталось 4 ч 0 мин/)).toBeInTheDocument();
    expect(within(freshRow).getByText('В срок')).toBeInTheDocument();
    expect(within(freshRow).getByText('30 мин')).toBeInTheDocument();
    expect(within(freshRow).getByText(`ментор: Инна Очередная${tag}`)).toBeInTheDocument();
    expect(within(freshRow).getByText('Свободен')).toBeInTheDocument();
    expect(within(freshRow).queryByRole('link', { name: /Открыть/ })).not.toBeInTheDocument();

    // take: the row becomes the mentor's, its Open link leads to the task as the student (verdict panel there)
    await user.click(within(lateRow).getByRole('button', { name: `Взять на проверку: Пётр Опоздавший${tag}, «Список дел»` }));
    const open = await within(lateRow).findByRole('link', { name: `Открыть ответ: Пётр Опоздавший${tag}, «Список дел»` });
    expect(open).toHaveAttribute('href', late.path);
    expect(open).toHaveFocus();
    expect(within(lateRow).getByText(/^Вы, до /)).toBeInTheDocument();
    expect(raised).toContain('queue.taken');

    // give it back: free again
    await user.click(within(lateRow).getByRole('button', { name: `Вернуть в очередь: Пётр Опоздавший${tag}, «Список дел»` }));
    expect(await within(lateRow).findByRole('button', { name: /^Взять на проверку/ })).toBeInTheDocument();
    expect(within(lateRow).getByText('Свободен')).toBeInTheDocument();
    expect(raised).toContain('queue.released');
  });

  it('a second mentor is refused an answer taken meanwhile, told by whom; the row then shows it', async () => {
    const tag = Date.now() % 100000;
    const first = await mentor(`Первая${tag}`);
    const second = await signedInUser({ role: 'MENTOR', firstName: 'Инна', lastName: `Вторая${tag}` });
    // a student without a mentor: every mentor's queue has the answer
    const { answerId } = await waitingAnswer(`Общий${tag}`, 90);
    const { user, raised } = renderQueue('mentor');
    const row = await rowOf(`Общий${tag}`);
    expect(within(row).getByText('без ментора')).toBeInTheDocument();
    const takeButton = within(row).getByRole('button', { name: /^Взять на проверку/ });

    // the first mentor takes it while the second one's page still shows it free
    await signInAs(first);
    expect((await apiFetch(`/api/mentor/queue/${answerId}/take`, { method: 'POST' })).status).toBe(200);
    await signInAs(second);

    await user.click(takeButton);
    await waitFor(() => expect(raised.some((text) => text.includes(`уже проверяет Инна Первая${tag}`))).toBe(true));
    await waitFor(() => expect(within(row).getByText(new RegExp(`^Инна Первая${tag}, до `))).toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: /^Взять на проверку/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /^Открыть/ })).not.toBeInTheDocument();
  });

  it('the chief mentor filters by mentor and overdue answers, reassigns one, and sees an empty queue as such', async () => {
    const tag = Date.now() % 100000;
    const own = await mentor(`Своя${tag}`);
    await mentor(`Помощница${tag}`);
    await mentor(`Свободная${tag}`);
    await waitingAnswer(`Просроченный${tag}`, 30 * HOUR, own.id);
    await waitingAnswer(`Вовремя${tag}`, 2 * HOUR, own.id);
    await signedInUser({ role: 'CHIEF_MENTOR' });
    const { user, raised } = renderQueue('chief');
    expect(await screen.findByRole('heading', { level: 1, name: 'Очередь проверки' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    expect(within(menu).getByRole('link', { name: 'Очередь проверки' })).toHaveAttribute('href', '/chief/review/table');

    // one mentor's answers
    const whose = screen.getByRole('combobox', { name: 'Чьи ответы' });
    await waitFor(() => expect(within(whose).getByRole('option', { name: `Инна Своя${tag} — ждут: 2` })).toBeInTheDocument());
    await user.selectOptions(whose, `Инна Своя${tag} — ждут: 2`);
    expect(await screen.findByText('2 ответа ждут проверки')).toBeInTheDocument();
    expect(screen.getByText('из них просрочено: 1')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);

    // only the overdue one
    await user.click(screen.getByRole('checkbox', { name: 'Только просроченные' }));
    await waitFor(() => expect(screen.queryByText(`Пётр Вовремя${tag}`)).not.toBeInTheDocument());
    const overdueRow = await rowOf(`Просроченный${tag}`);
    expect(within(overdueRow).getByText('Просрочено')).toBeInTheDocument();

    // reassign it: the dialog asks for a mentor first
    await user.click(
      within(overdueRow).getByRole('button', { name: `Передать другому ментору: Пётр Просроченный${tag}, «Список дел»` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Передать ответ другому ментору' });
    await user.click(within(dialog).getByRole('button', { name: 'Передать' }));
    expect(await within(dialog).findByText('Выберите ментора.')).toBeInTheDocument();
    const choice = within(dialog).getByRole('combobox', { name: 'Ментор' });
    await waitFor(() => expect(within(choice).getByRole('option', { name: `Инна Своя${tag} — ждут: 2` })).toBeDisabled());
    await user.selectOptions(choice, `Инна Помощница${tag} — ждут: 0`);
    await user.click(within(dialog).getByRole('button', { name: 'Передать' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(raised).toContain('queue.assigned');
    // it is no longer the first mentor's: gone from their filtered list, now under the helper
    await waitFor(() => expect(screen.queryByText(`Пётр Просроченный${tag}`)).not.toBeInTheDocument());
    expect(await screen.findByText('Просроченных ответов нет.')).toBeInTheDocument();
    await user.selectOptions(whose, `Инна Помощница${tag} — ждут: 1`);
    const moved = await rowOf(`Просроченный${tag}`);
    expect(within(moved).getByText(`передан: Инна Помощница${tag}`)).toBeInTheDocument();

    // a mentor with nothing waiting
    await user.click(screen.getByRole('checkbox', { name: 'Только просроченные' }));
    await user.selectOptions(whose, `Инна Свободная${tag} — ждут: 0`);
    expect(await screen.findByText('Очередь пуста: ответов, ждущих проверки, нет.')).toBeInTheDocument();
  });
});
