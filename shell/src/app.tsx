import { lazy, Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { sessionApi, useGetProfileQuery } from '@academy/shared/api';
import type { Profile, RemoteName } from '@academy/shared/contract';
import { AREAS, type Area } from '@academy/shared/domain';
import { I18nProvider } from '@academy/shared/i18n';
import { handOffPrerendered, NotFoundPage, PageSkeleton } from '@academy/shared/ui';
import { RequireRole, RootRedirect } from './features/auth/guards';
import { RouteErrorPage } from './components/errors/error-page';
import { AppLayout, PublicLayout } from './features/layout/app-layout';
import { RemoteOutlet } from './features/remotes/remote-outlet';
import { Toasts } from './features/toasts/toasts';
import { createShellStore, type Navigation } from './store';
import { useT } from './i18n';
import './shell.css';

// Issue 14: the inactivation pages (with the account forms) load only for a user who needs them
const InactiveArea = lazy(async () => ({ default: (await import('./features/inactivation/inactive-area')).InactiveArea }));

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
  if (profile && (inactive || keepShellPage)) {
    return (
      <Suspense fallback={<RouteLoading />}>
        <InactiveArea profile={profile} />
      </Suspense>
    );
  }
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
      {
        path: 'login',
        // named: the server preloads this chunk for /login (tooling/webpack.cjs, preload.json)
        lazy: async () => ({ Component: (await import(/* webpackChunkName: "login" */ './features/auth/login-page')).LoginPage }),
      },
      ...AREAS.map(guarded),
      { path: '*', element: publicArea },
    ],
  },
];

/**
 * The signed-in user's profile the server put into the page (`<script type="application/json"
 * id="academy-profile">`, issue 14): the first render has it, with no request before the page's own.
 */
function inlineProfile(): Profile | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('academy-profile');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as Profile;
  } catch {
    return null;
  } finally {
    // read once: a later store (a test's, a sign-in) never starts from it
    element.remove();
  }
}

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/** Builds the store, the router and the root component; tests pass a memory router factory. */
export function createShell(createRouter: RouterFactory = createBrowserRouter) {
  const navigation: Navigation = { navigate: () => undefined, currentPath: () => '/' };
  const store = createShellStore(navigation);
  const profile = inlineProfile();
  if (profile) {
    store.dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: undefined, value: profile }]));
  }
  const router = createRouter(routes);
  navigation.navigate = (to) => router.navigate(to);
  navigation.currentPath = () => router.state.location.pathname;
  // a page the server prerendered stands for its own path only: any other path shows the live app
  const prerenderedPath = router.state.location.pathname;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === prerenderedPath) return;
    handOffPrerendered();
    unsubscribe();
  });
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
