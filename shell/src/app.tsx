import { Provider } from 'react-redux';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import type { RemoteName, RoleName } from '@academy/shared/contract';
import { USER_AREA_ROLES } from '@academy/shared/contract';
import { I18nProvider } from '@academy/shared/i18n';
import { NotFoundPage } from '@academy/shared/ui';
import { RequireRole, RootRedirect } from './features/auth/guards';
import { RouteErrorPage } from './features/errors/error-page';
import { AppLayout, PublicLayout } from './features/layout/app-layout';
import { RemoteOutlet } from './features/remotes/remote-outlet';
import { Toasts } from './features/toasts/toasts';
import { createShellStore, type Navigation } from './store';
import './shell.css';

/** Staff areas served by remote-mentor, with the roles each allows. */
const STAFF_AREAS: Array<[prefix: string, roles: RoleName[]]> = [
  ['admin', ['ADMIN']],
  ['mentor', ['MENTOR']],
  ['chief', ['CHIEF_MENTOR', 'CHIEF']],
  ['chief-mentor', ['CHIEF_MENTOR']],
  ['curator', ['CURATOR']],
  ['manager', ['MANAGER']],
  ['chief-manager', ['CHIEF_MANAGER']],
];

/** Public pages served by remote-public (spec 2 §2.1). */
const PUBLIC_PATHS = [
  'start/*',
  'demo/*',
  'registration/*',
  'recovery-pass',
  'meet',
  'contacts',
  'legal_entity',
  'public_offer',
  'privacy_policy',
];

const area = (remote: RemoteName) => (
  <AppLayout>
    <RemoteOutlet remote={remote} />
  </AppLayout>
);

function guarded(path: string, roles: readonly RoleName[], remote: RemoteName): RouteObject {
  return { element: <RequireRole roles={roles} />, children: [{ path, element: area(remote) }] };
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
      guarded('user/*', USER_AREA_ROLES, 'student'),
      guarded('enrollee/*', ['STUDENT'], 'enrollee'),
      ...STAFF_AREAS.map(([prefix, roles]) => guarded(`${prefix}/*`, roles, 'mentor')),
      ...PUBLIC_PATHS.map((path) => ({
        path,
        element: (
          <PublicLayout>
            <RemoteOutlet remote="public" />
          </PublicLayout>
        ),
      })),
      {
        path: '*',
        element: (
          <PublicLayout>
            <NotFoundPage />
          </PublicLayout>
        ),
      },
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
