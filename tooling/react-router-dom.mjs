// Issue 14 ("Pages"): what the academy's builds get for `react-router-dom` (tooling/webpack.cjs aliases
// it here). A federation-shared module is never tree-shaken (any remote may use any export), and
// react-router 7 is ~190 KB minified in full; re-exporting only what the academy uses lets webpack drop
// the rest (server rendering, data APIs, RSC) from the one shared copy. The academy uses the declarative
// router (`BrowserRouter`, `Routes`): the data router (`createBrowserRouter`, loaders, fetchers, route
// error elements) was half of what remained, 14.5 instead of 30.1 KB brotli. The list is part of the shared
// contract: a remote that needs another export adds it here and ships with the shell first, like a
// change to `shared` (docs/architecture.md, "How `shared` is versioned across independently deployed remotes"); a missing export fails tooling/subsets.test.ts.
export {
  BrowserRouter,
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
  useRoutes,
  useSearchParams,
} from 'react-router';
