/**
 * @jest-environment node
 */
import type { ServerApiState } from '@academy/shared/api';
import {
  createTestUser,
  hostFetch as callerFetch,
  keepSessionCookies,
  openCourseFor,
  signedInUser,
  signInAs,
} from '@academy/shared/testing';
import { render } from './server-entry';

// A task page renders on the server as in the server's process (no document); the live page's take-over
// is server-entry.test.tsx's and the browser suite's (e2e/tests/courses.spec.ts).

keepSessionCookies();

const hostFetch = callerFetch();

describe("the student remote's server entry, a task page", () => {
  it('renders the task with its body and hands over the heading, navigation, task, its availability and draft', async () => {
    const student = await createTestUser({ direction: 'FE' });
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
    const profile = await signInAs(student);
    const view = await render({ url: `/user/courses/${courseId}/2/1/2`, language: 'ru', profile, fetch: hostFetch });
    expect(view).not.toBeNull();
    // the code task with its body (its editor's text area), ids of its own (the live page renders the same ids behind it)
    expect(view!.html).toContain('Функция суммы');
    expect(view!.html).toContain('<textarea');
    expect(view!.html).toContain('id="prerendered-');
    const keys = Object.keys((view!.state as ServerApiState).queries).map((key) => key.split('(')[0]);
    expect(keys.sort()).toEqual(
      [
        'getChapterNavigation',
        'getIsLastTask',
        'getQuote',
        'getStudentTask',
        'getStudentTaskDraft',
        'getStudentTaskHeading',
        'getTaskAvailability',
      ].sort(),
    );
  });

  it('renders nothing for a task the chapter has not', async () => {
    const { profile } = await signedInUser({ direction: 'FE' });
    expect(await render({ url: '/user/courses/1/1/1/99', language: 'ru', profile, fetch: hostFetch })).toBeNull();
  });
});
