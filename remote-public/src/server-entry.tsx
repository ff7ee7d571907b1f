// The public remote's server entry (docs/architecture.md, "Server rendering"), built into
// dist/server/entry.cjs with the remote (tooling/build-server-entry.mjs) and loaded by the API server
// from where the remote is deployed. It renders the landing page, the same for every visitor (it asks
// the server nothing); the shell's entry puts it in the public frame.
import { renderPage, type ServerEntry } from '@academy/shared/ssr';
import { documentTitle } from '@academy/shared/ui';
import { texts } from './i18n';
import { PublicRoutes } from './routes/public-routes';

export const version = process.env.ACADEMY_BUILD_VERSION ?? 'dev';

export const render: ServerEntry['render'] = async (request) => {
  if (request.url !== '/') return null;
  const title = () => documentTitle(texts.translateIn(request.language)('landing.pageTitle'), request.language);
  return renderPage(request, <PublicRoutes />, null, title);
};
