import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, signedInUser } from '@academy/shared/testing';
import EnrolleeApp from '../../app';
import { congratulationKey } from './congratulation-modal';

const renderArea = (route = '/enrollee/1') => renderWithProviders(<EnrolleeApp />, { route, path: '/enrollee/*' });

describe('the congratulation (spec 2 §2.13)', () => {
  it('an UNTIL_PAID enrollee without a mentor is congratulated once: closing it is remembered for the user', async () => {
    const user = await signedInUser({ role: 'STUDENT', paymentType: 'UNTIL_PAID', direction: 'FE' });
    const view = renderArea();
    const dialog = await screen.findByRole('dialog', { name: 'Поздравляем!' });
    expect(dialog).toHaveTextContent('Вы зачислены на обучение в Академии.');
    expect(dialog).toHaveTextContent('После первого общего созвона вас распределят в поток');
    expect(dialog).toHaveTextContent('Подробности мы пришлём на вашу электронную почту.');
    const closeButtons = screen.getAllByRole('button', { name: 'Закрыть' });
    await view.user.click(closeButtons.at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(congratulationKey(user.id))).toBe('1');
    view.unmount();

    // the next visit: the steps, no congratulation
    renderArea();
    // by then the profile, asked first, is long known
    await screen.findByText('Лекция прочитана и засчитана.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Esc closes it too; other terms are not congratulated', async () => {
    await signedInUser({ role: 'STUDENT', paymentType: 'UNTIL_PAID', direction: 'FE' });
    const { user, unmount } = renderArea();
    await screen.findByRole('dialog', { name: 'Поздравляем!' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    unmount();

    for (const paymentType of ['REGULAR', 'TRIAL'] as const) {
      await signedInUser({ role: 'STUDENT', paymentType, direction: 'FE' });
      const view = renderArea();
      // by then the profile, asked first, is long known
      await screen.findByText('Лекция прочитана и засчитана.');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
