import { screen, waitFor, within } from '@testing-library/react';
import { apiData, renderWithProviders, signedInUser } from '@academy/shared/testing';
import type { EnrolleeHeading } from '@academy/shared/contract';
import EnrolleeApp from '../../app';

// The enrollee's lesson steps against the real server: the fixture's FE enrollee course has two steps,
// a lecture (1 point) and a word (1 point, the answer "html").
const renderArea = (route: string) => renderWithProviders(<EnrolleeApp />, { route, path: '/enrollee/*' });
const enrollee = () => signedInUser({ role: 'STUDENT', paymentType: 'REGULAR', direction: 'FE' });
const steps = () => screen.getByRole('navigation', { name: 'Шаги' });
const progress = () => screen.getByRole('progressbar');

describe('the enrollee’s lesson steps against the real server', () => {
  it('the heading: the direction’s icon, the progress, the row of steps; a lecture counts when opened', async () => {
    await enrollee();
    renderArea('/enrollee/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Добро пожаловать' })).toBeInTheDocument();
    expect(screen.getByText('Практикум абитуриента')).toBeInTheDocument();
    expect(screen.getByText('Шаг 1 из 2')).toBeInTheDocument();
    expect(await screen.findByText('Лекция прочитана и засчитана.')).toBeInTheDocument();
    // the lecture's point: 1 of 2
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '50'));
    expect(progress()).toHaveAccessibleName('Пройдено: 50%');
    expect(within(steps()).getByRole('link', { name: 'Шаг 1: Добро пожаловать, решён' })).toHaveAttribute('aria-current', 'step');
    expect(within(steps()).getByRole('link', { name: 'Шаг 2: Первый тег, не решён' })).toHaveAttribute('href', '/enrollee/2');
    const icon = await screen.findByRole('img', { name: /^Значок направления/ });
    expect(icon.getAttribute('src')).toMatch(/^\/api\/user\/course\/\d+\/picture\.svg\?v=\d+$/);
    expect(screen.getByRole('link', { name: 'Следующий шаг' })).toHaveAttribute('href', '/enrollee/2');
    expect(screen.queryByRole('button', { name: 'Решить заново' })).not.toBeInTheDocument();
  });

  it('a step answered wrong, then right: banners, the inputs locked, the progress moves; the last step has no next', async () => {
    await enrollee();
    const { user } = renderArea('/enrollee/2');
    await screen.findByRole('heading', { level: 1, name: 'Первый тег' });
    const field = () => screen.getByRole('textbox', { name: 'Ваш ответ' });
    const check = () => screen.getByRole('button', { name: 'Проверить' });
    expect(check()).toBeDisabled();
    await user.type(field(), 'body');
    await user.click(check());
    expect(await screen.findByText('Неверное решение, проверьте ещё раз')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    await user.clear(field());
    await user.type(field(), 'html');
    await user.click(check());
    expect(await screen.findByText('Правильное решение')).toBeInTheDocument();
    expect(field()).toBeDisabled();
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '50'));
    expect(within(steps()).getByRole('link', { name: 'Шаг 2: Первый тег, решён' })).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('link', { name: 'Следующий шаг' })).not.toBeInTheDocument();
    expect((await apiData<EnrolleeHeading>('/api/enrollee/directionTask/heading')).studentPoints).toBe(1);
  });

  it('the next step opens the next position; both steps done make 100 %', async () => {
    await enrollee();
    const { user } = renderArea('/enrollee/1');
    await screen.findByText('Лекция прочитана и засчитана.');
    await user.click(screen.getByRole('link', { name: 'Следующий шаг' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Первый тег' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/enrollee/2');
    await user.type(screen.getByRole('textbox', { name: 'Ваш ответ' }), 'HTML');
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText('Все шаги пройдены. Отличная работа!')).toBeInTheDocument();
    // issue 29: what comes next, and where to go meanwhile; the step names itself in the tab
    expect(screen.getByText(/Что дальше: после первого общего созвона/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К первому шагу' })).toHaveAttribute('href', '/enrollee/1');
    expect(screen.getByRole('link', { name: 'Вопросы? Контакты Академии' })).toHaveAttribute('href', '/enrollee/contacts');
    expect(document.title).toBe('Шаг 2: Первый тег — Академия');
    // back through the row of steps
    await user.click(within(steps()).getByRole('link', { name: 'Шаг 1: Добро пожаловать, решён' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Добро пожаловать' })).toBeInTheDocument();
  });

  it('a reset makes the step new again and keeps the points', async () => {
    await enrollee();
    const { user } = renderArea('/enrollee/2');
    await screen.findByRole('heading', { level: 1, name: 'Первый тег' });
    await user.type(screen.getByRole('textbox', { name: 'Ваш ответ' }), 'html');
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    await screen.findByText('Правильное решение');
    await user.click(screen.getByRole('button', { name: 'Решить заново' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ваш ответ' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'Ваш ответ' })).toHaveValue('');
    expect(screen.queryByText('Правильное решение')).not.toBeInTheDocument();
    await waitFor(() => expect(within(steps()).getByRole('link', { name: 'Шаг 2: Первый тег, не решён' })).toBeInTheDocument());
    expect(progress()).toHaveAttribute('aria-valuenow', '50');
  });

  it.each(['/enrollee/0', '/enrollee/01', '/enrollee/abc', '/enrollee/1.5', '/enrollee/3', '/enrollee/1/more'])(
    '%s is not found, with the way home to the first step',
    async (route) => {
      await enrollee();
      renderArea(route);
      expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'Вернуться на главную' })).toHaveAttribute('href', '/enrollee/1'),
      );
    },
  );

  it('a direction without enrollee steps says so instead of a page that leads back to itself', async () => {
    await signedInUser({ role: 'STUDENT', paymentType: 'REGULAR', direction: 'GO' });
    renderArea('/enrollee/1');
    expect(await screen.findByText(/Для вашего направления пока нет шагов абитуриента/)).toBeInTheDocument();
  });
});
