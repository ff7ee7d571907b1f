import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ReactElement } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { I18nProvider } from '@academy/shared/i18n';
import { NavigationProgress } from './navigation-progress';

// Issue 32: a navigation whose page takes longer than ~300 ms to come shows a bar at the top; a quick
// one shows nothing. The router keeps the old page meanwhile (a transition).
describe('the navigation progress bar', () => {
  it('shows while a slow page loads, not for a quick one, and goes when the page is there', async () => {
    let arrive!: () => void;
    const Slow = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>(
          (resolve) => (arrive = () => resolve({ default: () => <h1>Медленная</h1> })),
        ),
    );
    window.history.replaceState(null, '', '/');
    const user = userEvent.setup();
    render(
      <I18nProvider initial="ru">
        <BrowserRouter>
          <NavigationProgress />
          <Link to="/quick">Быстрая</Link>
          <Link to="/slow">Медленная</Link>
          <Suspense fallback={<p>Загружается</p>}>
            <Routes>
              <Route path="/" element={<h1>Главная</h1>} />
              <Route path="/quick" element={<h1>Быстрая страница</h1>} />
              <Route path="/slow" element={<Slow />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </I18nProvider>,
    );
    await user.click(screen.getByRole('link', { name: 'Быстрая' }));
    expect(await screen.findByRole('heading', { name: 'Быстрая страница' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Медленная' }));
    // the old page stays while the new one's code loads; after 300 ms, the bar
    expect(screen.getByRole('heading', { name: 'Быстрая страница' })).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Загрузка…' }, { timeout: 1000 })).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Медленная' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
