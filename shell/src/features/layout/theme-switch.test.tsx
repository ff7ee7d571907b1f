import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@academy/shared/i18n';
import { ThemeSwitch } from './theme-switch';

// Issue 32: the profile menu's theme switch keeps the choice in this browser (read by the boot script
// before the first paint) and announces it, so the page takes it at once; the system's theme is no choice.
describe('the theme switch', () => {
  afterEach(() => localStorage.clear());

  it('keeps the chosen theme, announces it, and forgets it for the system one', async () => {
    const user = userEvent.setup();
    const announced = jest.fn();
    window.addEventListener('academy-theme', announced);
    render(
      <I18nProvider initial="ru">
        <ThemeSwitch />
      </I18nProvider>,
    );
    const group = screen.getByRole('group', { name: 'Тема' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Системная' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Тёмная' }));
    expect(localStorage.getItem('academy.theme')).toBe('dark');
    expect(announced).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Тёмная' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Системная' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Системная' }));
    expect(localStorage.getItem('academy.theme')).toBeNull();
    expect(announced).toHaveBeenCalledTimes(2);
    window.removeEventListener('academy-theme', announced);
  });

  it('starts from the choice kept in this browser', () => {
    localStorage.setItem('academy.theme', 'light');
    render(
      <I18nProvider initial="ru">
        <ThemeSwitch />
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: 'Светлая' })).toHaveAttribute('aria-pressed', 'true');
  });
});
