// The student remote's server entry (docs/architecture.md, "Server rendering"), built into
// dist/server/entry.cjs with the remote (tooling/build-server-entry.mjs) and loaded by the API server
// from where the remote is deployed: a redeployed remote renders its own pages at once. It renders a
// student's course list, course pages and task pages with their data; the shell's entry puts them in its frame.
import { Route, Routes } from 'react-router-dom';
import { USER_AREA_ROLES } from '@academy/shared/contract';
import { renderPage, type ServerEntry } from '@academy/shared/ssr';
import StudentApp from './app';
import { pageDataOf } from './routes/page-data';

export const version = process.env.ACADEMY_BUILD_VERSION ?? 'dev';

export const render: ServerEntry['render'] = async (request) => {
  const { profile, url } = request;
  // only for a user the area is for (the app sends anyone else elsewhere at once), and not when the
  // area shows something else first: yesterday's report asked for (a dialog), an inactive account
  if (!profile || !USER_AREA_ROLES.includes(profile.role.name)) return null;
  const own = profile as typeof profile & { requireCreateReport?: boolean; inactivation?: unknown };
  if (own.requireCreateReport || own.inactivation) return null;
  // with a query (a mentor's view of a student: `?studentId=`) the page is another's: the browser asks
  if (url.includes('?')) return null;
  const data = pageDataOf(url);
  if (!data) return null;
  return renderPage(
    request,
    <Routes>
      <Route path="/user/*" element={<StudentApp />} />
    </Routes>,
    data,
  );
};
