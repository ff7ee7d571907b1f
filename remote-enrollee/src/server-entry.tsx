// The enrollee remote's server entry (docs/architecture.md, "Server rendering"), built into
// dist/server/entry.cjs with the remote (tooling/build-server-entry.mjs) and loaded by the API server
// from where the remote is deployed: a redeployed remote renders its own pages at once. It renders a
// lesson step with its heading and task; the shell's entry puts it in its frame.
import { Route, Routes } from 'react-router-dom';
import { AREAS } from '@academy/shared/contract';
import { renderPage, type ServerEntry } from '@academy/shared/ssr';
import EnrolleeApp from './app';
import { stepPageData } from './features/steps/steps-api';

export const version = process.env.ACADEMY_BUILD_VERSION ?? 'dev';

const AREA = AREAS.find((area) => area.remote === 'enrollee')!;
/** `/enrollee/{position}`: a number from 1, as the step route takes it. */
const STEP = new RegExp(`^/${AREA.prefix}/([1-9]\\d{0,3})/?$`);

export const render: ServerEntry['render'] = async (request) => {
  const { profile, url } = request;
  if (!profile || !AREA.roles.includes(profile.role.name)) return null;
  // the step pages only, with no query (the area's other pages are forms and texts)
  const position = STEP.exec(url)?.[1];
  if (!position) return null;
  return renderPage(
    request,
    <Routes>
      <Route path={`/${AREA.prefix}/*`} element={<EnrolleeApp />} />
    </Routes>,
    stepPageData(Number(position)),
  );
};
