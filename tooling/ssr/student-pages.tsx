// Server rendering of a student's course list, course pages and task pages (issue 14, "Pages"): the real
// components (the shell's frame and the student remote's pages) rendered with react-dom/server around
// the data the server already fetched for the page (server/src/plugins/static.ts, `firstReplies`), so
// the course list or course page paints with its content before any JavaScript arrives. Bundled whole
// (React included) by tooling/prerender.mjs into shell/dist/ssr-student.cjs, which the server loads
// when present; the app then replaces the view once its page has the same data (usePrerenderedHandoff).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, sessionApi } from '@academy/shared/api';
import { taskKindFromPath, type Language, type Profile } from '@academy/shared/contract';
import { I18nProvider, loadLanguage } from '@academy/shared/i18n';
import { createShellStore } from '../../shell/src/store';
import { AppLayout } from '../../shell/src/features/layout/app-layout';
import StudentApp from '../../remote-student/src/app';
// the task page's queries are injected when its code loads: here at once, so its replies can be put in
import '../../remote-student/src/features/task/task-api';
import { ownIds } from './own-ids';

type Entry = { endpointName: string; arg: unknown };

/** The query each inlined address answers, with the argument the student's own page asks it with. */
const QUERIES: Array<[RegExp, (match: RegExpExecArray, pathname: string) => Entry | null]> = [
  [/^\/api\/student\/course\/all-views$/, () => ({ endpointName: 'getStudentCourseViews', arg: { studentId: null } })],
  [/^\/api\/student\/course\/additional$/, () => ({ endpointName: 'getStudentAdditionalCourseViews', arg: { studentId: null } })],
  [
    /^\/api\/student\/course\/views\/(\d+)$/,
    ([, id]) => ({ endpointName: 'getStudentCourseModules', arg: { courseId: Number(id), additional: false, studentId: null } }),
  ],
  [
    /^\/api\/student\/course\/additional\/(\d+)\/views$/,
    ([, id]) => ({ endpointName: 'getStudentCourseModules', arg: { courseId: Number(id), additional: true, studentId: null } }),
  ],
  [/^\/api\/user\/course\/(\d+)\/name$/, ([, id]) => ({ endpointName: 'getCourseName', arg: Number(id) })],
  [/^\/api\/user\/course\/(\d+)\/course-pic$/, ([, id]) => ({ endpointName: 'getCoursePicture', arg: Number(id) })],
  [/^\/api\/user\/course\/(\d+)\/course-info$/, ([, id]) => ({ endpointName: 'getCourseInfo', arg: Number(id) })],
  [/^\/api\/user\/course\/(\d+)\/course-author$/, ([, id]) => ({ endpointName: 'getCourseAuthor', arg: Number(id) })],
  [/^\/api\/user\/course\/(\d+)\/size$/, ([, id]) => ({ endpointName: 'getCourseSize', arg: Number(id) })],
  [
    /^\/api\/student\/course\/(\d+)\/is-enrolling$/,
    ([, id]) => ({ endpointName: 'getStudentCourseEnrolling', arg: { courseId: Number(id), studentId: null } }),
  ],
  [/^\/api\/excerption\/$/, () => ({ endpointName: 'getQuote', arg: undefined })],
  // a task page's (static.ts, taskCallsOf)
  [
    /^\/api\/student\/course(\/additional)?\/(\d+)\/taskHeading\?modulePosition=(\d+)&chapterPosition=(\d+)$/,
    ([, additional, id, modulePosition, chapterPosition]) => ({
      endpointName: 'getStudentTaskHeading',
      arg: {
        courseId: Number(id),
        additional: Boolean(additional),
        modulePosition: Number(modulePosition),
        chapterPosition: Number(chapterPosition),
        studentId: null,
      },
    }),
  ],
  [
    /^\/api\/user\/navigation\/chapter\/(\d+)\?$/,
    ([, chapterId], pathname) => ({
      endpointName: 'getChapterNavigation',
      arg: { chapterId: Number(chapterId), courseId: courseOf(pathname), studentId: null },
    }),
  ],
  [/^\/api\/user\/courseTask\/(\d+)\/checkIsLast$/, ([, id]) => ({ endpointName: 'getIsLastTask', arg: Number(id) })],
  [
    /^\/api\/student\/task\/(\d+)\/(\w+)\?$/,
    ([, id, segment]) => {
      const kind = taskKindFromPath(segment ?? '');
      return kind && { endpointName: 'getStudentTask', arg: { courseTaskId: Number(id), kind, studentId: null } };
    },
  ],
];

/** The course a student page's address names (`/user/courses/[additional/]<id>/…`). */
const courseOf = (pathname: string) => Number(/^\/user\/courses\/(?:additional\/)?(\d+)/.exec(pathname)?.[1] ?? 0);

/** The queries a page cannot be shown without (a skeleton otherwise). */
function needsOf(pathname: string): string[] {
  if (/^\/user\/courses\/(additional\/)?\d+\/\d+\/\d+\/\d+$/.test(pathname)) return ['getStudentTaskHeading', 'getStudentTask'];
  if (pathname.startsWith('/user/courses/')) return ['getStudentCourseModules'];
  return ['getStudentCourseViews', 'getStudentAdditionalCourseViews'];
}

const RENDER_LIMIT_MS = 1000;

/**
 * The markup of a tree with every part that loads lazily (the task page, its body) in it. renderToString
 * shows a suspended part's fallback (`<!--$!-->`): then every lazy part is loaded once, by a render that
 * waits for them all (its own markup is not used: it would show such parts through inline scripts),
 * and the tree is rendered again, whole. From the second page on, the parts are there at once.
 */
async function renderWhole(tree: ReactNode): Promise<string> {
  const first = renderToString(tree);
  if (!first.includes('<!--$!-->')) return first;
  // a part that does not come (it should not happen: every part is in this bundle) fails the page, at once
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`the page was not rendered within ${RENDER_LIMIT_MS} ms`));
    }, RENDER_LIMIT_MS);
  });
  const { prelude } = await Promise.race([prerenderToNodeStream(tree, { signal: controller.signal }), late]).finally(() =>
    clearTimeout(timer),
  );
  prelude.resume();
  const whole = renderToString(tree);
  // a part still missing (the limit cut the wait short): the skeleton, not a page with a hole
  if (controller.signal.aborted || whole.includes('<!--$!-->')) throw new Error('a part of the page did not load');
  return whole;
}

/**
 * The page at `pathname` (the course list, a course page or a task page) for the signed-in student whose
 * profile and replies these are, or null when a reply the page needs is missing (the skeleton is sent then).
 */
export async function renderStudentPage(
  pathname: string,
  language: Language,
  profile: Profile,
  replies: Record<string, unknown>,
): Promise<string | null> {
  // a page the student does not see now: yesterday's report asked first (a dialog), an inactive account
  const own = profile as Profile & { requireCreateReport?: boolean; inactivation?: unknown };
  if (own.requireCreateReport || own.inactivation) return null;
  // the texts of a language other than Russian are chunks of their own (loaded once, then at hand)
  await loadLanguage(language);
  const navigation = { navigate: () => undefined, currentPath: () => pathname };
  const store = createShellStore(navigation);
  store.dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: undefined, value: profile }]));
  const entries: Array<Entry & { value: unknown }> = [];
  for (const [url, value] of Object.entries(replies)) {
    for (const [pattern, entry] of QUERIES) {
      const match = pattern.exec(url);
      const found = match && entry(match, pathname);
      if (found) entries.push({ ...found, value });
    }
  }
  // the course list needs both lists, a course page its modules, a task page its heading and task
  const needs = needsOf(pathname);
  if (!needs.every((name) => entries.some((entry) => entry.endpointName === name))) return null;
  // A review step's body asks for the module's review seats itself: the live page would take over before
  // that body (and a press on its copy's button) is there. The skeleton, as before, for that one kind.
  const task = entries.find((entry) => entry.endpointName === 'getStudentTask')?.value as { type?: string } | undefined;
  if (task?.type === 'review_step') return null;
  store.dispatch(api.util.upsertQueryEntries(entries as Parameters<typeof api.util.upsertQueryEntries>[0]));
  // the store is this request's alone: its cache timers (which would keep it for a minute) end with it
  const html = await renderWhole(
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
  ).finally(() => {
    store.dispatch(api.util.resetApiState());
    store.dispatch(sessionApi.util.resetApiState());
  });
  // what is typed into this copy, and a press on it, carry over to the live page (handOffPrerendered)
  return ownIds(html);
}
