import { screen } from '@testing-library/react';
import { renderWithProviders } from '@academy/shared/testing';
import PublicApp from './app';

describe('public area', () => {
  it('a visitor on a page not built yet gets the not-found page linking to the landing page', async () => {
    renderWithProviders(<PublicApp />, { route: '/meet?linkCode=x', path: '/*' });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться на главную' })).toHaveAttribute('href', '/');
  });
});
