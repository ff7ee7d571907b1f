// Server rendering of a student's course list and course pages (issue 14, "Pages"): the real
// components (the shell's frame and the student remote's pages) rendered with react-dom/server around
// the data the server already fetched for the page (server/src/plugins/static.ts, `firstReplies`), so
// the course list or course page paints with its content before any JavaScript arrives. Bundled whole
// (React included) by tooling/prerender.mjs into shell/dist/ssr-student.cjs, which the server loads
// when present; the app then replaces the view once its page has the same data (usePrerenderedHandoff).
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, sessionApi } from '@academy/shared/api';
import type { Language, Profile } from '@academy/shared/contract';
import { I18nProvider } from '@academy/shared/i18n';
import { createShellStore } from '../../shell/src/store';
import { AppLayout } from '../../shell/src/features/layout/app-layout';
import StudentApp from '../../remote-student/src/app';
import { ownIds } from './own-ids';

type Entry = { endpointName: string; arg: unknown };

/** The query each inlined address answers, with the argument the student's own page asks it with. */
const QUERIES: Array<[RegExp, (id: number) => Entry]> = [
  [/^\/api\/student\/course\/all-views$/, () => ({ endpointName: 'getStudentCourseViews', arg: { studentId: null } })],
  [/^\/api\/student\/course\/additional$/, () => ({ endpointName: 'getStudentAdditionalCourseViews', arg: { studentId: null } })],
  [
    /^\/api\/student\/course\/views\/(\d+)$/,
    (courseId) => ({ endpointName: 'getStudentCourseModules', arg: { courseId, additional: false, studentId: null } }),
  ],
  [
    /^\/api\/student\/course\/additional\/(\d+)\/views$/,
    (courseId) => ({ endpointName: 'getStudentCourseModules', arg: { courseId, additional: true, studentId: null } }),
  ],
  [/^\/api\/user\/course\/(\d+)\/name$/, (courseId) => ({ endpointName: 'getCourseName', arg: courseId })],
  [/^\/api\/user\/course\/(\d+)\/course-pic$/, (courseId) => ({ endpointName: 'getCoursePicture', arg: courseId })],
  [/^\/api\/user\/course\/(\d+)\/course-info$/, (courseId) => ({ endpointName: 'getCourseInfo', arg: courseId })],
  [/^\/api\/user\/course\/(\d+)\/course-author$/, (courseId) => ({ endpointName: 'getCourseAuthor', arg: courseId })],
  [/^\/api\/user\/course\/(\d+)\/size$/, (courseId) => ({ endpointName: 'getCourseSize', arg: courseId })],
  [
    /^\/api\/student\/course\/(\d+)\/is-enrolling$/,
    (courseId) => ({ endpointName: 'getStudentCourseEnrolling', arg: { courseId, studentId: null } }),
  ],
];

/**
 * The page at `pathname` (the course list or a course page) for the signed-in student whose profile and
 * replies these are, or null when a reply the page needs is missing (the skeleton is sent then).
 */
export function renderStudentPage(
  pathname: string,
  language: Language,
  profile: Profile,
  replies: Record<string, unknown>,
): string | null {
  // a page the student does not see now: yesterday's report asked first (a dialog), an inactive account
  const own = profile as Profile & { requireCreateReport?: boolean; inactivation?: unknown };
  if (own.requireCreateReport || own.inactivation) return null;
  const navigation = { navigate: () => undefined, currentPath: () => pathname };
  const store = createShellStore(navigation);
  store.dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: undefined, value: profile }]));
  const entries: Array<Entry & { value: unknown }> = [];
  for (const [url, value] of Object.entries(replies)) {
    for (const [pattern, entry] of QUERIES) {
      const match = pattern.exec(url);
      if (match) entries.push({ ...entry(Number(match[1])), value });
    }
  }
  // the course list needs both lists, a course page its modules: without them it would be a skeleton
  const needs = pathname.startsWith('/user/courses/')
    ? ['getStudentCourseModules']
    : ['getStudentCourseViews', 'getStudentAdditionalCourseViews'];
  if (!needs.every((name) => entries.some((entry) => entry.endpointName === name))) return null;
  store.dispatch(api.util.upsertQueryEntries(entries as Parameters<typeof api.util.upsertQueryEntries>[0]));
  const html = renderToString(
    <Provider store={store}>
      <I18nProvider initial={language}>
        <MemoryRouter initialEntries={[pathname]}>
          <Routes>
            <Route
              path="/user/*"
              element={
                <AppLayout>
                  <StudentApp />
                </AppLayout>
              }
            />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
  return ownIds(html);
}
