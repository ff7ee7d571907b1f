import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, signedInUser } from '@academy/shared/testing';
import EnrolleeApp from './app';

describe('enrollee area', () => {
  it('shows its not-found page, with a way back to the main page, until lesson steps arrive', async () => {
    await signedInUser({ role: 'STUDENT', paymentType: 'REGULAR' });
    renderWithProviders(<EnrolleeApp />, { route: '/enrollee/1', path: '/enrollee/*' });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Вернуться на главную' })).toHaveAttribute('href', '/enrollee/1'),
    );
  });
});
