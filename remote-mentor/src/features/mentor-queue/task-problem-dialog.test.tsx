import { screen, waitFor, within } from '@testing-library/react';
import { apiFetch, createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import MentorApp from '../../app';

/** The queue's row of a student. */
async function rowOf(name: string): Promise<HTMLElement> {
  return (await screen.findByText(name, {}, { timeout: 5000 })).closest('tr')!;
}

describe('the task statement in the mentor queue against the real server', () => {
  it('a mentor reads the task of a waiting answer before taking it, as the student sees it', async () => {
    const tag = Date.now() % 100000;
    const me = await signedInUser({ role: 'MENTOR', firstName: 'Инна', lastName: `Читающая${tag}` });
    const student = await createTestUser({ firstName: 'Пётр', lastName: `Условный${tag}`, mentorId: me.id });
    const reply = await apiFetch('/__test__/waiting-answers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ studentId: student.id, minutesAgo: 10 }),
    });
    expect(reply.status).toBe(200);
    const { user } = renderWithProviders(<MentorApp />, { route: '/mentor/review/table', path: '/mentor/*' });

    const row = await rowOf(`Пётр Условный${tag}`);
    await user.click(within(row).getByRole('button', { name: `Условие задачи «Список дел» студента Пётр Условный${tag}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Условие: Список дел' });
    expect(await within(dialog).findByText('Сделайте список дел и пришлите ссылку на репозиторий.')).toBeInTheDocument();
    expect(within(dialog).getByText('Практикум: JavaScript')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // reading it takes nothing: the answer is still free
    expect(within(row).getByText('Свободен')).toBeInTheDocument();
  });
});
