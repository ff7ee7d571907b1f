// The shell's server entry (docs/architecture.md, "Server rendering"), built into dist/server/entry.cjs
// with the shell (tooling/build-server-entry.mjs): the sign-in page, and the frame every other page is
// shown in: a signed-in area's header and footer around the area's own page (rendered by that area's
// remote) or around a skeleton; the public header around a public page.
import '@academy/shared/ui/styles.css';
import './shell.css';
import { notificationsApi } from '@academy/shared/api';
import { areaOfPath } from '@academy/shared/domain';
import { translate } from '@academy/shared/i18n';
import { PAGE_SLOT, renderPage, type PageData, type ServerRendered, type ShellServerEntry } from '@academy/shared/ssr';
import { documentTitle, PageSkeleton } from '@academy/shared/ui';
import { LoginPage } from './features/auth/login-page';
import { AppLayout, PublicLayout } from './features/layout/app-layout';
import { texts } from './i18n';

const pathOf = (url: string) => url.split('?')[0]!;

export const version = process.env.ACADEMY_BUILD_VERSION ?? 'dev';

export const render: ShellServerEntry['render'] = async (request) => {
  if (!/^\/login\/?$/.test(pathOf(request.url))) return null;
  const page = await renderPage(request, <LoginPage />, null, () =>
    documentTitle(texts.translateIn(request.language)('login.pageTitle'), request.language),
  );
  // POST, should the page's inline script that holds a submission ever fail: the typed password must
  // never end up in a URL (the live page's form submits through the API, not natively)
  return page && { ...page, html: page.html.replace('<form ', '<form method="post" ') };
};

/**
 * The frame of `request.url` around `inner` (an area's page) or, without one, around the page
 * skeleton the browser shows until the area's code is there. The header shows the caller's menus when
 * the request carries their profile (its bell with their notices).
 */
export const frame: ShellServerEntry['frame'] = async (request, inner) => {
  const path = pathOf(request.url);
  const area = areaOfPath(path);
  if (!area && !inner) return null;
  const content = inner ? PAGE_SLOT : <PageSkeleton label={translate(request.language, 'loading')} />;
  const element = area ? <AppLayout>{content}</AppLayout> : <PublicLayout>{content}</PublicLayout>;
  const active = request.profile && !(request.profile as { inactivation?: unknown }).inactivation;
  const bell: PageData = (dispatch) => void dispatch(notificationsApi.endpoints.getNotifications.initiate());
  const data = active ? bell : null;
  const page = await renderPage(request, element, data);
  if (!page) return null;
  return {
    html: inner ? page.html.replace(PAGE_SLOT, () => inner.html) : page.html,
    // the host hands over both states: the frame's (the bell's) and the page's
    state: page.state,
    ...(inner?.title ? { title: inner.title } : {}),
  } satisfies ServerRendered;
};
