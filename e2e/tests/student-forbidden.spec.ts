import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { API_HEADERS, createUser, enrol, signIn, test } from './helpers';

// Issue 29, items 9 and 10, with the shell around the student area (its 403 rule signs a user out): a
// paying student who opens what is not theirs lands on /user/courses?param=forbidden with the notice,
// still signed in.

/** A course that exists (staff read its name) but is not in the student's list (their course page is a 404). */
async function courseOutsideList(request: APIRequestContext, student: APIRequestContext, baseURL: string): Promise<number> {
  const mentor = await createUser(request, { role: 'MENTOR', direction: null });
  const staff = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: API_HEADERS });
  await staff.post('/token', { data: { username: mentor.email, password: mentor.password, rememberMe: false } });
  try {
    for (let id = 1; id < 40; id += 1) {
      if (!(await staff.get(`/api/user/course/${id}/name`)).ok()) continue;
      if ((await student.get(`/api/student/course/views/${id}`)).status() === 404) return id;
    }
  } finally {
    await staff.dispose();
  }
  throw new Error('no course outside the student’s list');
}

test('a paying student who opens a student of another direction stays signed in and sees the forbidden notice', async ({
  page,
  request,
}) => {
  const other = await createUser(request, { direction: 'JAVA', firstName: 'Чужой' });
  const student = await createUser(request, { direction: 'FE' });
  await enrol(request, student);
  await signIn(page, student);
  await page.waitForURL('**/user/courses');

  for (const path of ['/user/courses', '/user/statistic']) {
    await page.goto(`${path}?studentId=${other.id}`);
    await page.waitForURL('**/user/courses?param=forbidden');
    await expect(page.getByText('Доступ запрещён')).toBeVisible();
    // still signed in: the own course list, and no sign-in page
    await expect(page.getByRole('navigation', { name: 'Разделы студента' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/user/courses');
    expect((await page.request.get('/api/user/profile')).status()).toBe(200);
  }
});

test('a course outside the student’s list sends a paying student to the forbidden notice', async ({ page, request, baseURL }) => {
  // a student of another direction: the demo's FE courses are not theirs, the enrolled fixture course is
  const student = await createUser(request, { direction: 'JAVA' });
  const own = await enrol(request, student);
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  const foreign = await courseOutsideList(request, page.request, baseURL!);

  for (const id of [foreign, 424242]) {
    await page.goto(`/user/courses/${id}`);
    await page.waitForURL('**/user/courses?param=forbidden');
    await expect(page.getByText('Доступ запрещён')).toBeVisible();
  }
  // the own course still opens
  await page.goto(`/user/courses/${own}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/user/courses/${own}`);
});
