import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, MemoryRouter, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { useGetProfileQuery } from '@academy/shared/api';
import type { RemoteName } from '@academy/shared/contract';
import { AREAS, type Area } from '@academy/shared/domain';
import { I18nProvider } from '@academy/shared/i18n';
import { handOffPrerendered, NotFoundPage, PageSkeleton } from '@academy/shared/ui';
import { RequireRole, RootRedirect } from './features/auth/guards';
import { ErrorBoundary } from './components/errors/error-boundary';
import { AppLayout, PublicLayout } from './features/layout/app-layout';
import { RemoteOutlet } from './features/remotes/remote-outlet';
import { Toasts } from './features/toasts/toasts';
import { takeServerData } from './lib/server-data';
import { createShellStore, type Navigation } from './store';
import { useT } from './i18n';
import './shell.css';

// Issue 14: the inactivation pages (with the account forms) load only for a user who needs them
const InactiveArea = lazy(async () => ({ default: (await import('./features/inactivation/inactive-area')).InactiveArea }));

/**
 * An area's content: its remote, or for a user with an inactivation reason the shell's own pages
 * (docs/accounts.md, "Inactivation"). A reason lifted on the page (a new password) keeps the shell's page until
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

/**
 * The sign-in page's code (formik and yup with it) loads with the sign-in page only, not on every
 * signed-in page. `loadLoginPage` is called by the boot before the first render on /login, so that
 * render has the page at hand (no skeleton rendered and thrown away); elsewhere it loads on the way.
 */
let LoadedLoginPage: ComponentType | null = null;
export async function loadLoginPage(): Promise<ComponentType> {
  // named: the server preloads this chunk for /login (tooling/webpack.cjs, preload.json)
  const { LoginPage } = await import(/* webpackChunkName: "login" */ './features/auth/login-page');
  LoadedLoginPage = LoginPage;
  return LoginPage;
}
/** A lazy component for the page; one whose load failed is replaced, so the next visit tries again. */
function lazyLoginPage() {
  return lazy(async () => {
    try {
      return { default: await loadLoginPage() };
    } catch (error) {
      LazyLoginPage = lazyLoginPage();
      throw error;
    }
  });
}
let LazyLoginPage = lazyLoginPage();

function LoginRoute() {
  if (LoadedLoginPage) return <LoadedLoginPage />;
  return (
    <Suspense fallback={<RouteLoading />}>
      <LazyLoginPage />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
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
  { path: 'login', element: <LoginRoute /> },
  ...AREAS.map(guarded),
  { path: '*', element: publicArea },
];

/** Where the shell's router is: the browser's address, or (tests) a memory router at a path. */
export type ShellHistory = { kind: 'browser' } | { kind: 'memory'; path: string };

/**
 * The routes with what every page shares: an error in a page (or the toasts) shows the error page
 * (spec 2 §2.17) until the next navigation. Each committed location and the router's navigation are
 * handed to the shell's router handle (the store's listeners navigate from outside React), and
 * leaving the path the server prerendered hands its copy over to the live app.
 */
function ShellRoutes({
  bind,
  onListening,
  prerenderedPath,
}: {
  bind: (navigate: (to: string, replace?: boolean) => void, location: string) => void;
  /** once, after the first commit, when the router listens to its history (its own layout effect runs after ours) */
  onListening: () => void;
  prerenderedPath: string | null;
}) {
  const element = useRoutes(routes);
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => bind((to, replace) => void navigate(to, { replace }), `${location.pathname}${location.search}`));
  useEffect(onListening, [onListening]);
  useLayoutEffect(() => {
    // a page the server prerendered stands for its own path only: any other path shows the live app
    if (prerenderedPath !== null && location.pathname !== prerenderedPath) handOffPrerendered();
  }, [location.pathname, prerenderedPath]);
  return (
    <ErrorBoundary resetKey={location.key}>
      {element}
      <Toasts />
    </ErrorBoundary>
  );
}

/**
 * The router seen from outside React (the store's listeners, tests): where the app is (path and
 * query) and a navigation, which resolves once the page at its address is committed (the page left
 * is gone: the store may drop its data without that page asking for it again).
 */
export interface ShellRouter {
  location(): string;
  navigate(to: string): Promise<void>;
}

/** How long a navigation's promise waits for its page at most (a page that never commits: an error). */
const NAVIGATION_WAIT_MS = 10_000;

/** Builds the store, the router's handle and the root component; tests pass a memory history. */
export function createShell(history: ShellHistory = { kind: 'browser' }) {
  const addressBar = () => `${window.location.pathname}${window.location.search}`;
  const startPath = history.kind === 'memory' ? history.path : addressBar();
  /** the committed location, and the router's navigation once the routes have rendered */
  let committed = startPath;
  let routerNavigate: ((to: string, replace?: boolean) => void) | null = null;
  /** navigations asked for before the routes had rendered, made at their first commit */
  let early: string | null = null;
  const waiting: Array<{ to: string; resolve: () => void }> = [];
  const normalize = (to: string) => {
    const url = new URL(to, `http://academy${committed}`);
    return `${url.pathname}${url.search}`;
  };
  const router: ShellRouter = {
    // the address bar changes at once; the committed page follows when it is ready (a transition)
    location: () => (history.kind === 'browser' && routerNavigate ? addressBar() : committed),
    navigate: (to) =>
      new Promise<void>((resolve) => {
        const target = normalize(to);
        const timer = setTimeout(resolve, NAVIGATION_WAIT_MS);
        waiting.push({
          to: target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        if (listening && routerNavigate) routerNavigate(to);
        else early = to;
      }),
  };
  const bind = (navigate: (to: string, replace?: boolean) => void, location: string) => {
    routerNavigate = navigate;
    committed = location;
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (waiting[i]!.to !== location) continue;
      waiting[i]!.resolve();
      waiting.splice(i, 1);
    }
  };
  let listening = false;
  const onListening = () => {
    if (listening || !routerNavigate) return;
    listening = true;
    if (early !== null) routerNavigate(early);
    // a back or forward press while the first page rendered: the router listens only from now on
    else if (history.kind === 'browser' && addressBar() !== committed) routerNavigate(addressBar(), true);
  };
  const navigation: Navigation = {
    navigate: (to) => router.navigate(to),
    currentPath: () => new URL(router.location(), 'http://academy').pathname,
  };
  const store = createShellStore(navigation);
  takeServerData(store.dispatch);
  const prerenderedPath = history.kind === 'browser' ? window.location.pathname : null;
  const content = <ShellRoutes bind={bind} onListening={onListening} prerenderedPath={prerenderedPath} />;
  function App() {
    return (
      <Provider store={store}>
        <I18nProvider>
          {history.kind === 'memory' ? (
            <MemoryRouter initialEntries={[history.path]}>{content}</MemoryRouter>
          ) : (
            <BrowserRouter>{content}</BrowserRouter>
          )}
        </I18nProvider>
      </Provider>
    );
  }
  return { App, store, router };
}
