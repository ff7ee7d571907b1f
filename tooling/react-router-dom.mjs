// Issue 14 ("Pages"): what the academy's builds get for `react-router-dom` (tooling/webpack.cjs aliases
// it here). A federation-shared module is never tree-shaken (any remote may use any export), and
// react-router 7 is ~190 KB minified in full; re-exporting only what the academy uses lets webpack drop
// the rest (server rendering, data APIs, RSC) from the one shared copy. The list is part of the shared
// contract: a remote that needs another export adds it here and ships with the shell first, like a
// change to `shared` (README, "How `shared` is versioned"); a missing export fails the build.
export {
  BrowserRouter,
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useRoutes,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
