import { screen } from '@testing-library/react';
import { renderWithProviders, signedInUser } from '@academy/shared/testing';
import EnrolleeApp from './app';

describe('enrollee area', () => {
  it('opens the first lesson step at /enrollee/1', async () => {
    await signedInUser({ role: 'STUDENT', paymentType: 'REGULAR', direction: 'FE' });
    renderWithProviders(<EnrolleeApp />, { route: '/enrollee/1', path: '/enrollee/*' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Добро пожаловать' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Шаги' })).toBeInTheDocument();
  });

  it('keeps the password page', async () => {
    await signedInUser({ role: 'STUDENT', paymentType: 'REGULAR', direction: 'FE' });
    renderWithProviders(<EnrolleeApp />, { route: '/enrollee/password', path: '/enrollee/*' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
