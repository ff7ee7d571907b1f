import { expect, type Browser, type Page } from '@playwright/test';
import { API_HEADERS, createUser, enrol, expectNoSeriousA11yIssues, signIn, test, type TestUser } from './helpers';

/**
 * Stored-XSS payloads: markup that would set `window.__xss` (or open a dialog) if the browser ever ran
 * it. Every page of these journeys checks that it did not.
 */
const XSS_TEXT = 'Смотрите https://example.org/docs <img src=x onerror="window.__xss=1"><script>window.__xss=2</script> :)';
const XSS_HTML =
  '<p>Важно: <strong>прочитайте</strong></p><img src=x onerror="window.__xss=3"><a href="javascript:window.__xss=4">ссылка</a>' +
  '<svg onload="window.__xss=5"></svg><iframe src="javascript:window.__xss=6"></iframe>';

/** Fails the test when anything the payloads carry ran on the page. */
async function expectNoScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

/** A signed-in page of its own (a separate browser context: its own cookies), watched for dialogs. */
async function signedInPage(browser: Browser, baseURL: string | undefined, user: TestUser, landing: RegExp): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`a script opened a dialog: ${dialog.message()}`);
  });
  await signIn(page, user);
  await page.waitForURL(landing);
  return page;
}

test('a new student’s comment waits for moderation, a curator approves it, a classmate answers and likes it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const author = await createUser(request, { paymentType: 'REGULAR', firstName: 'Анна' });
  const classmate = await createUser(request, { paymentType: 'REGULAR', firstName: 'Борис' });
  const curator = await createUser(request, { role: 'CURATOR', direction: null, firstName: 'Кира' });
  const courseId = await enrol(request, author, { openModules: true });
  await enrol(request, classmate, { openModules: true });
  const taskPath = `/user/courses/${courseId}/1/1/1`;
  const authorName = `${author.firstName} ${author.lastName}`;

  // the author's first comment: shown to them as awaiting moderation, its markup as text, the link clickable
  const authorPage = await signedInPage(browser, baseURL, author, /\/user\/courses$/);
  await authorPage.goto(taskPath);
  const thread = authorPage.getByRole('region', { name: 'Комментарии' });
  await expect(thread.getByText('Комментариев пока нет — будьте первым!')).toBeVisible();
  await thread.getByRole('textbox', { name: 'Ваш комментарий к задаче' }).fill(XSS_TEXT);
  await thread.getByRole('button', { name: 'Отправить' }).click();
  const mine = authorPage.getByRole('article', { name: authorName });
  await expect(mine.getByText('Ждёт модерации')).toBeVisible();
  await expect(mine).toContainText('<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>');
  await expect(mine.getByRole('link', { name: 'https://example.org/docs' })).toHaveAttribute('href', 'https://example.org/docs');
  await expect(mine.getByRole('img', { name: 'улыбка' })).toBeVisible();
  await expectNoScriptRan(authorPage);
  await expectNoSeriousA11yIssues(authorPage);

  // a classmate does not see it yet
  const classmatePage = await signedInPage(browser, baseURL, classmate, /\/user\/courses$/);
  await classmatePage.goto(taskPath);
  await expect(classmatePage.getByText('Комментариев пока нет — будьте первым!')).toBeVisible();

  // the curator approves it on the moderation screen
  const curatorPage = await signedInPage(browser, baseURL, curator, /\/curator\//);
  await curatorPage.getByRole('link', { name: 'Модерация комментариев' }).click();
  await expect(curatorPage.getByRole('heading', { level: 1, name: 'Модерация комментариев' })).toBeVisible();
  const waiting = curatorPage.getByRole('article', { name: authorName });
  await expect(waiting).toContainText('<script>window.__xss=2</script>');
  await expectNoScriptRan(curatorPage);
  await expectNoSeriousA11yIssues(curatorPage);
  await waiting.getByRole('button', { name: 'Одобрить' }).click();
  await expect(waiting).toHaveCount(0);

  // the classmate has an approved comment already (written and approved through the API), so their answer shows at once
  const own = await classmatePage.request.post(`/api/user/comment/task/${await taskIdOf(classmatePage)}`, {
    headers: API_HEADERS,
    form: { text: 'Мой первый комментарий' },
  });
  expect(own.ok(), await own.text()).toBe(true);
  const approved = await curatorPage.request.put(`/api/comment/moderation/${(await own.json()).data.id}`, {
    headers: API_HEADERS,
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  await classmatePage.reload();
  const comment = classmatePage.getByRole('article', { name: authorName });
  await expect(comment).toContainText('<script>window.__xss=2</script>');
  await comment.getByRole('button', { name: 'Нравится: 0 отметок' }).click();
  await expect(comment.getByRole('button', { name: 'Нравится: 1 отметка' })).toHaveAttribute('aria-pressed', 'true');
  await comment.getByRole('button', { name: 'Ответить' }).first().click();
  const answerField = classmatePage.getByRole('textbox', { name: `Ответ пользователю ${authorName}` });
  await answerField.fill('Спасибо, пригодилось!');
  await answerField.press('Control+Enter');
  const answers = classmatePage.getByRole('list', { name: `Ответы на комментарий пользователя ${author.firstName}` });
  await expect(answers.getByRole('article', { name: `${classmate.firstName} ${classmate.lastName}` })).toContainText(
    'Спасибо, пригодилось!',
  );
  await expectNoScriptRan(classmatePage);

  // the author sees the like and the answer, and the bell tells them about it
  await authorPage.reload();
  const approvedComment = authorPage.getByRole('article', { name: authorName });
  await expect(approvedComment.getByText('Ждёт модерации')).toHaveCount(0);
  await expect(approvedComment.getByRole('button', { name: 'Нравится: 1 отметка' })).toBeVisible();
  await expect(authorPage.getByText('Спасибо, пригодилось!')).toBeVisible();
  await authorPage.getByRole('button', { name: /^Уведомления, непрочитанных/ }).click();
  await authorPage.getByRole('button', { name: /Новый ответ на ваш комментарий/ }).click();
  const notice = authorPage.getByRole('dialog', { name: 'Новый ответ на ваш комментарий' });
  await expect(notice).toContainText('Спасибо, пригодилось!');
  await notice.getByRole('button', { name: 'Перейти к задаче' }).click();
  await expect(authorPage).toHaveURL(new RegExp(`${taskPath}$`));
  await expectNoScriptRan(authorPage);
});

/** The course task id of the task page open in the page (from the thread's own request). */
async function taskIdOf(page: Page): Promise<number> {
  const response = await page.request.get(
    `/api/student/course/${page.url().split('/')[5]}/taskHeading?modulePosition=1&chapterPosition=1`,
  );
  const heading = (await response.json()) as { data: { taskHeadingDtos: Array<{ courseTaskId: number }> } };
  return heading.data.taskHeadingDtos[0]!.courseTaskId;
}

test('an administrator publishes an important notification to a student; it opens by itself, once, and scripts never run', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const student = await createUser(request, { paymentType: 'REGULAR', firstName: 'Вера' });
  const admin = await createUser(request, { role: 'ADMIN', direction: null, firstName: 'Олег' });
  const studentName = `${student.firstName} ${student.lastName}`;

  const adminPage = await signedInPage(browser, baseURL, admin, /\/admin\//);
  await adminPage.getByRole('link', { name: 'Уведомления' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Уведомления' })).toBeVisible();
  await expectNoSeriousA11yIssues(adminPage);
  const title = `Перенос ревью для ${student.lastName}`;
  await adminPage.getByRole('textbox', { name: 'Заголовок' }).fill(title);
  await adminPage.getByRole('textbox', { name: 'Текст уведомления' }).click();
  await adminPage.keyboard.type('Ревью переносится на пятницу, 18:00.');
  await adminPage.getByRole('checkbox', { name: 'Важное уведомление' }).check();
  await adminPage.getByLabel('Показывать до').fill('2099-12-31T18:00');
  await adminPage.getByRole('combobox', { name: 'Кому отправить' }).selectOption({ label: 'Одному студенту' });
  await adminPage.getByRole('searchbox', { name: 'Найти студента' }).fill(student.lastName);
  await adminPage.getByRole('button', { name: new RegExp(studentName) }).click();
  await adminPage.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(adminPage.getByRole('heading', { level: 3, name: title })).toBeVisible();

  // a second one with hostile markup, published through the API to the same student
  const hostile = await adminPage.request.post('/api/staff/notifications', {
    headers: API_HEADERS,
    data: {
      title: 'Проверка разметки',
      message: XSS_HTML,
      important: false,
      endTime: null,
      audience: { kind: 'USER', userId: student.id },
    },
  });
  expect(hostile.ok(), await hostile.text()).toBe(true);

  // the student: the important one opens by itself, once
  const studentPage = await signedInPage(browser, baseURL, student, /\/user\/courses$/);
  const dialog = studentPage.getByRole('dialog', { name: title });
  await expect(dialog).toContainText('Ревью переносится на пятницу, 18:00.');
  await expect(dialog.getByText('Важное')).toBeVisible();
  await expectNoSeriousA11yIssues(studentPage);
  await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
  await expect(dialog).toHaveCount(0);
  await studentPage.reload();
  await expect(studentPage.getByRole('heading', { level: 1, name: 'Курсы' })).toBeVisible();
  await expect(studentPage.getByRole('dialog')).toHaveCount(0);

  // the hostile one is shown without its scripts
  await studentPage.getByRole('button', { name: /^Уведомления, непрочитанных/ }).click();
  await studentPage.getByRole('button', { name: /Проверка разметки/ }).click();
  const shown = studentPage.getByRole('dialog', { name: 'Проверка разметки' });
  await expect(shown.getByText('прочитайте')).toBeVisible();
  await expect(shown.locator('img, svg[onload], iframe, script, [onerror]')).toHaveCount(0);
  await expect(shown.locator('a[href^="javascript"]')).toHaveCount(0);
  await expectNoScriptRan(studentPage);

  // the administrator's list counts the reader
  await adminPage.reload();
  const sent = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { level: 3, name: title }) });
  await expect(sent).toContainText('1 человек из 1');
});

test('the statistics page shows the days without a break and the year’s heat map', async ({ page, request }) => {
  const student = await createUser(request, { paymentType: 'REGULAR', firstName: 'Глеб' });
  await enrol(request, student, { openModules: true });
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 3600_000).toISOString();
  const activity = await request.post('/__test__/activity', {
    data: {
      studentId: student.id,
      entries: [
        { at: day(0), count: 3 },
        { at: day(1), count: 2 },
        { at: day(40), count: 6 },
      ],
    },
  });
  expect(activity.ok(), await activity.text()).toBe(true);
  await signIn(page, student);
  await page.waitForURL(/\/user\/courses$/);
  await page.getByRole('link', { name: 'Статистика' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Статистика' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Дней без перерыва', exact: true })).toContainText('2');
  const map = page.getByRole('img', { name: /^Активность за год: 11 ответов, больше всего 6/ });
  await expect(map).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ответы по месяцам' })).toBeAttached();
  await expectNoSeriousA11yIssues(page);
  // at 390 px the map scrolls inside its card, the page itself does not
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(map).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
