import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_HEADERS, createUser, enrol, signIn, test, typeCode, type TestUser } from './helpers';

// Issue 29, "No lost work": every path where a student's answer used to vanish, in the browser on the
// production build. Screenshots of the states go to SHOTS when it is set (to be looked at).
const SHOTS = process.env.NO_LOST_WORK_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const SUM = 'function sum(a, b) { return a + b }';
const saved = /^Черновик сохранён в \d\d:\d\d$/;
const waitingText = 'Нет связи с сервером: ответ будет отправлен, как только она появится.';

/** A paying student with the practice course open, signed in on the page; the course id. */
async function student(page: Page, request: Parameters<typeof createUser>[0]): Promise<{ user: TestUser; courseId: number }> {
  const user = await createUser(request, { paymentType: 'REGULAR' });
  const courseId = await enrol(request, user, { openModules: true });
  await signIn(page, user);
  await page.waitForURL('**/user/courses');
  return { user, courseId };
}

/** The code the editor shows (the plain editor before ace, or ace's lines). */
const editorCode = (page: Page) => page.locator('.code-editor');

/** The student's submissions of a task (its history), read with the page's session. */
async function submissions(page: Page, courseTaskId: string | null, kind: 'code' | 'mentorCheckTask'): Promise<number> {
  // a task's own load records that it was opened: a state change, which needs the pages' zoneId header
  const task = await (await page.request.get(`/api/student/task/${courseTaskId}/${kind}`, { headers: API_HEADERS })).json();
  const history = await (await page.request.get(`/api/student/taskInfo/${task.data.studentTaskId}/solutions`)).json();
  return (history.data as unknown[]).length;
}

/**
 * Closes the comment invitation: a new student's first right answer always brings it (few points), a
 * moment after the result. Waited for, not peeked at: a dialog that opens after a peek covers the page
 * and the next click waits for the test's whole timeout (CI, stop 35).
 */
async function dismissCommentPrompt(page: Page) {
  const prompt = page.getByRole('dialog', { name: 'Поделитесь опытом' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Понятно' }).click();
  await expect(prompt).toBeHidden();
}

test('a code draft is saved as the student types, shown with its time, and restored after a reload', async ({
  page,
  request,
}) => {
  const { courseId } = await student(page, request);
  await page.goto(`/user/courses/${courseId}/2/1/2`);
  await expect(page.getByRole('heading', { level: 1, name: 'Функция суммы' })).toBeVisible();
  await typeCode(page, 'function sum(a, b) { return a');
  await expect(page.getByText(saved)).toBeVisible();
  await shot(page, 'draft-saved');
  // the reloaded page comes with the draft: the server's copy shows it, the live page asks for it no more
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/draft$/.test(new URL(request.url()).pathname)) asked.push(request.method());
  });
  const copy = await (await page.reload())!.text();
  expect(copy.includes('function sum(a, b) { return a'), 'the server’s copy shows the draft').toBe(true);
  await expect(page.getByRole('textbox', { name: 'Код решения' })).toHaveValue('function sum(a, b) { return a');
  await expect(page.getByText(saved)).toBeVisible();
  expect(asked).toEqual([]);
});

test('"Решить заново" keeps the solved code; the template comes only after a confirmation', async ({ page, request }) => {
  const { courseId } = await student(page, request);
  await page.goto(`/user/courses/${courseId}/2/1/2`);
  await typeCode(page, SUM);
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByText('Правильное решение')).toBeVisible();
  await dismissCommentPrompt(page);
  await page.getByRole('button', { name: 'Решить заново' }).click();
  await expect(page.getByRole('button', { name: 'Проверить' })).toBeEnabled();
  await expect(editorCode(page)).toContainText('return a + b');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Код решения' })).toHaveValue(SUM);
  await page.getByRole('button', { name: 'Начать с шаблона' }).click();
  await shot(page, 'template-confirmation');
  await page.getByRole('dialog', { name: 'Начать с шаблона?' }).getByRole('button', { name: 'Заменить шаблоном' }).click();
  await expect(page.getByRole('textbox', { name: 'Код решения' })).toHaveValue(/\/\/ ваш код/);
});

test('a cancelled mentor-check sending and a verdict "needs changes" keep the answer in the field', async ({ page, request }) => {
  const { user, courseId } = await student(page, request);
  await page.goto(`/user/courses/${courseId}/3/2/1`);
  const link = `https://github.com/student-${user.id}/todo`;
  const field = page.getByRole('textbox', { name: 'Ваш ответ' });
  await field.fill(link);
  await page.getByRole('button', { name: 'Отправить ментору' }).click();
  await page.getByRole('button', { name: 'Отменить отправку' }).click();
  await expect(page.getByRole('button', { name: 'Отправить ментору' })).toBeEnabled();
  await expect(field).toHaveValue(link);
  await page.getByRole('button', { name: 'Отправить ментору' }).click();
  await expect(page.getByText('Решение отправлено и ждёт проверки ментором.')).toBeVisible();

  // the mentor returns it for changes (through the API)
  const heading = await (
    await page.request.get(`/api/student/course/${courseId}/taskHeading?modulePosition=3&chapterPosition=2`)
  ).json();
  const task = await (
    await page.request.get(`/api/student/task/${heading.data.taskHeadingDtos[0].courseTaskId}/mentorCheckTask`, {
      headers: API_HEADERS,
    })
  ).json();
  const mentor = await createUser(request, { role: 'MENTOR' });
  await request.post('/token', { data: { username: mentor.email, password: mentor.password } });
  const verdict = await request.post(
    `/api/fake/protect/user/taskInfo/${task.data.studentTaskId}/answer/${task.data.answerId}/mentorAnswer`,
    { data: { mentorComment: '<p>Добавьте удаление задач</p>', right: false } },
  );
  expect(verdict.ok(), await verdict.text()).toBe(true);
  await page.reload();
  await expect(page.getByText('Добавьте удаление задач')).toBeVisible();
  await expect(field).toHaveValue(link);
  await expect(field).toBeEditable();
  await shot(page, 'needs-changes');
});

test('an answer sent offline waits as "will be sent" and is sent once when the network is back', async ({
  page,
  context,
  request,
}) => {
  const { courseId } = await student(page, request);
  await page.goto(`/user/courses/${courseId}/2/1/2`);
  await typeCode(page, SUM);
  await expect(page.getByText(saved)).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByText(waitingText)).toBeVisible();
  await shot(page, 'offline-queued');
  await context.setOffline(false);
  await expect(page.getByText(waitingText)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Проверить' })).toBeHidden();
  const heading = await (
    await page.request.get(`/api/student/course/${courseId}/taskHeading?modulePosition=2&chapterPosition=1`)
  ).json();
  expect(await submissions(page, String(heading.data.taskHeadingDtos[1].courseTaskId), 'code')).toBe(1);
  // and nothing more after a reload: the queue is empty
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Код решения' })).toHaveValue(SUM);
  expect(await submissions(page, String(heading.data.taskHeadingDtos[1].courseTaskId), 'code')).toBe(1);
});

test('a reload in the middle of sending: the answer is sent again with its key and graded once', async ({ page, request }) => {
  // two gradings' worth of waiting and a reload: slow when CI's other work shares the machine
  test.slow();
  const { courseId } = await student(page, request);
  await page.goto(`/user/courses/${courseId}/2/1/2`);
  await typeCode(page, SUM);
  // the request reaches the server and is graded, but its reply never reaches the page
  let graded!: () => void;
  const reached = new Promise<void>((resolve) => (graded = resolve));
  await page.route('**/api/student/taskInfo/*/code', async (route) => {
    await route.fetch();
    graded();
  });
  await page.getByRole('button', { name: 'Проверить' }).click();
  await reached;
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Проверить' })).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Код решения' })).toHaveValue(SUM);
  const heading = await (
    await page.request.get(`/api/student/course/${courseId}/taskHeading?modulePosition=2&chapterPosition=1`)
  ).json();
  expect(await submissions(page, String(heading.data.taskHeadingDtos[1].courseTaskId), 'code')).toBe(1);
});

test('two tabs: the later save is not lost silently; the student chooses which answer to keep', async ({ page, request }) => {
  const { courseId } = await student(page, request);
  const address = `/user/courses/${courseId}/1/1/3`;
  await page.goto(address);
  const other = await page.context().newPage();
  await other.goto(address);
  await page.getByRole('textbox', { name: 'Ваш ответ' }).fill('from the first tab');
  await expect(page.getByText(saved)).toBeVisible();
  await other.getByRole('textbox', { name: 'Ваш ответ' }).fill('from the second tab');
  await expect(other.getByText(/^Этот ответ изменили в другой вкладке или на другом устройстве/)).toBeVisible();
  await shot(other, 'two-tabs-conflict');
  await other.getByRole('button', { name: 'Оставить этот' }).click();
  await expect(other.getByText(saved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Ваш ответ' })).toHaveValue('from the second tab');
});

/**
 * An enrollee's code step as the server's copy alone (the app's scripts wait until `release`), the right
 * code typed into it; `sent` collects the answers the page sends.
 */
async function codeStepCopy(page: Page, request: APIRequestContext) {
  const enrollee = await createUser(request, { role: 'STUDENT', direction: 'JAVA', paymentType: 'REGULAR' });
  await signIn(page, enrollee);
  await page.waitForURL('**/enrollee/1');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/enrollee\/directionTask\/\d+$/.test(r.url())) sent.push(r.url());
  });
  await page.goto('/enrollee/4', { waitUntil: 'commit' });
  await expect(page.locator('#prerendered').getByRole('heading', { level: 1, name: 'Первый метод' })).toBeVisible();
  await typeCode(
    page,
    'public class Solution {\npublic static String greet(String name) {\nreturn "Привет, " + name + "!";\n}\n}',
  );
  return { release, sent };
}

/** Moves the pointer to the middle of the page's "Проверить" button (scrolled to). */
async function pointAtCheck(page: Page) {
  const button = page.getByRole('button', { name: 'Проверить' });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

test('a check pressed on the server’s copy of a code step, before the app took over, is sent once', async ({ page, request }) => {
  test.slow();
  const { release, sent } = await codeStepCopy(page, request);
  await page.getByRole('button', { name: 'Проверить' }).click();
  // held by the page's inline script (no native submission), then pressed on the live page: whatever
  // controls the live page has before it (the editor's font buttons come with its chunk)
  const held = () => (window as Window & { __academyPrerenderedActions?: unknown[] }).__academyPrerenderedActions?.length;
  expect(await page.evaluate(held)).toBe(1);
  release();
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Правильное решение')).toBeVisible({ timeout: 30_000 });
  expect(sent).toHaveLength(1);
});

test('a check pressed down on the server’s copy and released after the app took over is sent once', async ({ page, request }) => {
  test.slow();
  const { release, sent } = await codeStepCopy(page, request);
  // the pointer goes down on the copy's button; the app takes over before it is released (a slow phone)
  await pointAtCheck(page);
  await page.mouse.down();
  release();
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 30_000 });
  // released over the live button (where the page shows it now): the browser itself sends no click then
  await pointAtCheck(page);
  await page.mouse.up();
  await expect(page.getByText('Правильное решение')).toBeVisible({ timeout: 30_000 });
  expect(sent).toHaveLength(1);
});
