import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createAcademyStore } from '@academy/shared/api';
import { I18nProvider } from '@academy/shared/i18n';

/**
 * A remote's own page for its team's development server (`npm run dev -w remote-x`): a store,
 * a router and i18n around the exposed App. Production always mounts remotes inside the shell.
 */
export function mountStandalone(App: ComponentType, paths: string[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const store = createAcademyStore();
  createRoot(container).render(
    <Provider store={store}>
      <I18nProvider>
        <BrowserRouter>
          <Routes>
            {paths.map((path) => (
              <Route key={path} path={path} element={<App />} />
            ))}
          </Routes>
        </BrowserRouter>
      </I18nProvider>
    </Provider>,
  );
}
