import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@academy/shared/i18n';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('the widget exploded');
}

describe('error boundary (spec 2 §2.17)', () => {
  it('shows an alert and an error page with the message and the component stack', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nProvider initial="ru">
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Что-то пошло не так');
    expect(screen.getByRole('heading', { name: 'Произошла ошибка' })).toBeInTheDocument();
    expect(screen.getByText(/the widget exploded/)).toBeInTheDocument();
    expect(screen.getByText(/at Broken/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeInTheDocument();
  });
});
