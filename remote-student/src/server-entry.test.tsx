import { screen } from '@testing-library/react';
import { formatReportDate, type Profile } from '@academy/shared/contract';
import { todayIn } from '@academy/shared/i18n';
import type { ServerApiState } from '@academy/shared/api';
import {
  apiData,
  apiFetch,
  hostFetch as callerFetch,
  createTestUser,
  openCourseFor,
  serverThenLive as renderThenLive,
  signedInUser,
  signInAs,
} from '@academy/shared/testing';
import StudentApp from './app';
import routeChunks from './routes/route-chunks.json';
import { STUDENT_PATHS } from './routes/paths';
import { render } from './server-entry';

const hostFetch = callerFetch();

/**
 * A page the server rendered, then the live page started from the state it handed over: the same
 * content, and no call for what the server already asked (a route's data and its page's queries agree).
 */
const serverThenLive = (path: string, profile: Profile, timeZone?: string) =>
  renderThenLive({
    load: () => import('./server-entry'),
    request: { url: path, language: 'ru', profile, fetch: hostFetch, timeZone },
    app: <StudentApp />,
    path: '/user/*',
  });

describe("the student remote's server entry", () => {
  it('renders the course list with the student’s courses; the live list starts from its state with no call', async () => {
    const { profile } = await signedInUser({ direction: 'FE' });
    const { rendered, calls } = await serverThenLive('/user/courses', profile);
    expect(rendered.html).toContain('Практикум: JavaScript');
    expect(await screen.findByRole('link', { name: 'Практикум: JavaScript' })).toBeInTheDocument();
    expect(calls.filter((path) => path.startsWith('/api/student/course'))).toEqual([]);
  });

  it('renders the statistics with the student’s figures; the live page starts from its state with no call', async () => {
    const { profile } = await signedInUser({ direction: 'FE' });
    const { rendered, calls } = await serverThenLive('/user/statistic', profile);
    expect(rendered.html).toContain('stats-figures');
    expect(rendered.html).not.toContain('aria-busy="true"');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(calls.filter((path) => path.startsWith('/api/student/'))).toEqual([]);
  });

  it('renders the reports with today’s window of the reader’s own cards, in the reader’s zone', async () => {
    const { profile } = await signedInUser({ firstName: 'Рита', lastName: 'Серверная', isViewReport: true, direction: 'GO' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const today = todayIn(zone);
    const written = await apiFetch('/api/student/report', {
      method: 'POST',
      headers: { 'content-type': 'application/json', zoneId: zone },
      body: JSON.stringify({ id: null, text: 'Разобрала каналы', countHours: 2, reportDate: formatReportDate(today) }),
    });
    expect(written.status).toBe(200);
    // the live page (the browser's zone: the same here) asks for the same window: no call
    const { rendered, calls } = await serverThenLive('/user/report', profile, zone);
    expect(rendered.html).toContain('Разобрала каналы');
    expect(await screen.findByText('Разобрала каналы')).toBeInTheDocument();
    expect(calls.filter((path) => path.startsWith('/api/student/report'))).toEqual([]);
    // without the reader's zone (a first visit) the page is not rendered: today would be the server's
    expect(await render({ url: '/user/report', language: 'ru', profile, fetch: hostFetch })).toBeNull();
  });

  it('renders a task from the student’s draft, with its comments; the live page asks for neither', async () => {
    const student = await createTestUser({ direction: 'FE' });
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
    const profile = await signInAs(student);
    const url = `/user/courses/${courseId}/2/1/2`;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const heading = await apiData<{ taskHeadingDtos: Array<{ courseTaskId: number }> }>(
      `/api/student/course/${courseId}/taskHeading?modulePosition=2&chapterPosition=1`,
    );
    const { studentTaskId } = await apiData<{ studentTaskId: number }>(
      `/api/student/task/${heading.taskHeadingDtos[1]!.courseTaskId}/code`,
    );
    const saved = await apiFetch(`/api/student/taskInfo/${studentTaskId}/draft`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answer: { solution: 'function sum(a, b) { /* черновик со стола */ }' }, version: 0 }),
    });
    expect(saved.status).toBe(200);
    const { rendered, calls } = await serverThenLive(url, profile, zone);
    // the server's copy shows the draft, as the live page does (a copy without it would change under the reader)
    expect(rendered.html).toContain('черновик со стола');
    expect(await screen.findByDisplayValue(/черновик со стола/)).toBeInTheDocument();
    expect(calls.filter((path) => path.endsWith('/draft') || path.startsWith('/api/user/comment/'))).toEqual([]);
    // without the reader's zone the comments are the live page's to ask (their times follow it)
    const view = await render({ url, language: 'ru', profile, fetch: hostFetch });
    const names = Object.values((view!.state as ServerApiState).queries).map(
      (entry) => (entry as { endpointName: string }).endpointName,
    );
    expect(names).toContain('getStudentTaskDraft');
    expect(names).not.toContain('getTaskComments');
  });

  it('renders no reports for a user the page sends to the statistics', async () => {
    const { profile } = await signedInUser({ direction: 'FE' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(await render({ url: '/user/report', language: 'ru', profile, fetch: hostFetch, timeZone: zone })).toBeNull();
  });

  it('names each page chunk by an address of the routes', () => {
    expect(Object.keys(routeChunks).every((path) => (Object.values(STUDENT_PATHS) as string[]).includes(path))).toBe(true);
  });

  it('renders nothing for a page it does not render, a query, or a user the area is not for', async () => {
    const { profile } = await signedInUser({ direction: 'FE' });
    const request = { language: 'ru' as const, profile, fetch: hostFetch };
    expect(await render({ ...request, url: '/user/password' })).toBeNull();
    expect(await render({ ...request, url: '/user/courses?studentId=1' })).toBeNull();
    expect(await render({ ...request, url: '/user/courses/0' })).toBeNull();
    expect(await render({ ...request, url: '/user/courses', profile: null })).toBeNull();
    // a call the server refuses (a course the student may not see): nothing, not an error page
    expect(await render({ ...request, url: '/user/courses/987654' })).toBeNull();
  });
});
