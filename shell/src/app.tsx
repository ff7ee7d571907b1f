import { useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { useGetProfileQuery } from '@academy/shared/api';
import type { RemoteName } from '@academy/shared/contract';
import { AREAS, type Area } from '@academy/shared/domain';
import { I18nProvider } from '@academy/shared/i18n';
import { NotFoundPage, PageSkeleton } from '@academy/shared/ui';
import { RequireRole, RootRedirect } from './features/auth/guards';
import { RouteErrorPage } from './components/errors/error-page';
import { InactiveArea } from './features/inactivation/inactive-area';
import { AppLayout, PublicLayout } from './features/layout/app-layout';
import { RemoteOutlet } from './features/remotes/remote-outlet';
import { Toasts } from './features/toasts/toasts';
import { createShellStore, type Navigation } from './store';
import { useT } from './i18n';
import './shell.css';

/**
 * An area's content: its remote, or for a user with an inactivation reason the shell's own pages
 * (README, "Inactivation"). A reason lifted on the page (a new password) keeps the shell's page until
 * the next navigation, so its redirect to the landing page (300 ms after the refresh) still runs.
 */
function AreaContent({ remote }: { remote: RemoteName }) {
  const { pathname } = useLocation();
  const profile = useGetProfileQuery().data;
  const inactive = Boolean(profile?.inactivation);
  const [shellPageAt, setShellPageAt] = useState<string | null>(inactive ? pathname : null);
  const keepShellPage = shellPageAt === pathname;
  if (inactive && !keepShellPage) setShellPageAt(pathname);
  if (!inactive && shellPageAt !== null && !keepShellPage) setShellPageAt(null);
  if (profile && (inactive || keepShellPage)) return <InactiveArea profile={profile} />;
  return <RemoteOutlet remote={remote} />;
}

const area = (remote: RemoteName) => (
  <AppLayout>
    <AreaContent remote={remote} />
  </AppLayout>
);

function guarded({ prefix, roles, remote }: Area): RouteObject {
  return { element: <RequireRole roles={roles} />, children: [{ path: `${prefix}/*`, element: area(remote) }] };
}

/**
 * Every other path belongs to the public area (spec 2 §2.1), which knows its own pages and shows the
 * not-found page for the rest, so a new public page needs no shell release. If the public remote is
 * down, the shell's own not-found page stands in.
 */
const publicArea = (
  <PublicLayout>
    <RemoteOutlet remote="public" unavailable={<NotFoundPage />} />
  </PublicLayout>
);

/** The page skeleton while the first route's code loads (the sign-in page is a lazy route). */
function RouteLoading() {
  const t = useT();
  return <PageSkeleton label={t('loading')} />;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <Outlet />
        <Toasts />
      </>
    ),
    errorElement: <RouteErrorPage />,
    HydrateFallback: RouteLoading,
    children: [
      {
        index: true,
        element: (
          <RootRedirect
            landing={
              <PublicLayout>
                <RemoteOutlet remote="public" />
              </PublicLayout>
            }
          />
        ),
      },
      // formik and yup load with the sign-in page only, not on every signed-in page
      { path: 'login', lazy: async () => ({ Component: (await import('./features/auth/login-page')).LoginPage }) },
      ...AREAS.map(guarded),
      { path: '*', element: publicArea },
    ],
  },
];

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/** Builds the store, the router and the root component; tests pass a memory router factory. */
export function createShell(createRouter: RouterFactory = createBrowserRouter) {
  const navigation: Navigation = { navigate: () => undefined, currentPath: () => '/' };
  const store = createShellStore(navigation);
  const router = createRouter(routes);
  navigation.navigate = (to) => router.navigate(to);
  navigation.currentPath = () => router.state.location.pathname;
  function App() {
    return (
      <Provider store={store}>
        <I18nProvider>
          <RouterProvider router={router} />
        </I18nProvider>
      </Provider>
    );
  }
  return { App, store, router };
}
