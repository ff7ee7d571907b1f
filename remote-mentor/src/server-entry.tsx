// The staff remote's server entry (docs/architecture.md, "Server rendering"), built into
// dist/server/entry.cjs with the remote (tooling/build-server-entry.mjs) and loaded by the API server
// from where the remote is deployed: a redeployed remote renders its own pages at once. It renders a
// role's staff home (its students), the administrator's users and the mentor's queue with their data;
// the shell's entry puts them in its frame.
import { Route, Routes } from 'react-router-dom';
import { areaOfPath } from '@academy/shared/domain';
import { renderPage, type ServerEntry } from '@academy/shared/ssr';
import MentorApp from './app';
import { pageDataOf } from './routes/page-data';

export const version = process.env.ACADEMY_BUILD_VERSION ?? 'dev';

export const render: ServerEntry['render'] = async (request) => {
  const { profile, url, timeZone } = request;
  // every one of these pages shows times: only in the browser's own zone (known from its cookie)
  if (!profile || !timeZone) return null;
  // with a query (a filter, a page of the list) the browser asks itself
  if (url.includes('?')) return null;
  const data = pageDataOf(url, profile);
  const area = areaOfPath(url);
  if (!data || !area) return null;
  return renderPage(
    request,
    <Routes>
      <Route path={`/${area.prefix}/*`} element={<MentorApp />} />
    </Routes>,
    data,
  );
};
