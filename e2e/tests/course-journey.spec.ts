import { expect, type Browser, type Page } from '@playwright/test';
import { createUser, enrol, expectNoSeriousA11yIssues, PRACTICE, signIn, test, type TestUser } from './helpers';

// A student of their own works through a few tasks of the practice course and sends the project; then a
// mentor takes it from the review queue (a second mentor cannot), checks it, and it leaves the queue. Every task kind is covered in jest (remote-student task-kinds.test.tsx); here the
// kinds a browser adds most to: a lecture, a test with the comment prompt, code in the editor, and the
// mentor-check round trip. Serial: the second test reads what the first one sent.
test.describe.configure({ mode: 'serial' });

let student: TestUser;
let courseId: number;
const projectLink = () => `https://github.com/student-${student.id}/todo`;

const RIGHT = 'Правильное решение';
const WRONG = 'Неверное решение, проверьте ещё раз';

async function checkWrongThenRight(page: Page, wrong: () => Promise<void>, right: () => Promise<void>) {
  const check = page.getByRole('button', { name: 'Проверить' });
  await expect(check).toBeDisabled();
  await wrong();
  await check.click();
  await expect(page.getByText(WRONG)).toBeVisible();
  await right();
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByText(RIGHT)).toBeVisible();
}

async function next(page: Page, title: string) {
  await page.getByRole('link', { name: 'Следующий шаг' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

async function typeCode(page: Page, code: string) {
  const editor = page.getByRole('textbox', { name: 'Код решения' });
  await expect(editor).toBeAttached();
  await editor.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

const progressOf = async (page: Page) => {
  await page.goto('/user/courses');
  const card = page.getByRole('region', { name: 'Основные курсы' }).getByRole('listitem').filter({ hasText: PRACTICE });
  return Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'));
};

test('a student reads a lecture, solves a test and a code task after a wrong try each, and sends the project', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  student = await createUser(request, { firstName: 'Надежда', paymentType: 'REGULAR' });
  courseId = await enrol(request, student, { openModules: true });
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  const before = await progressOf(page);
  await page.getByRole('link', { name: PRACTICE }).first().click();
  await page.getByRole('link', { name: 'Первые шаги' }).click();

  // lecture: solved by opening it
  await expect(page.getByRole('heading', { level: 1, name: 'Что такое JavaScript' })).toBeVisible();
  await expect(page.getByText('Лекция прочитана и засчитана.')).toBeVisible();

  // theory, one answer; the first right answer of a student with few points brings the comment prompt
  await next(page, 'Где выполняется JavaScript');
  await checkWrongThenRight(
    page,
    () => page.getByRole('radio', { name: 'Только в браузере' }).check(),
    () => page.getByRole('radio', { name: 'В браузере и на сервере (Node.js)' }).check(),
  );
  const prompt = page.getByRole('dialog', { name: 'Поделитесь опытом' });
  await expect(prompt).toContainText('напишите пару слов');
  await prompt.getByRole('button', { name: 'Понятно' }).click();
  await expectNoSeriousA11yIssues(page);

  // code with a terminal line per test (the second module, opened by staff)
  await page.goto(`/user/courses/${courseId}`);
  await page.getByRole('link', { name: 'Объявление функций' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Функции в JavaScript' })).toBeVisible();
  await next(page, 'Функция суммы');
  await typeCode(page, 'function sum(a, b) { return a - b; }');
  await page.getByRole('button', { name: 'Проверить' }).click();
  const terminal = page.getByRole('region', { name: 'Результат проверки' });
  await expect(terminal).toContainText('sum(1, 2) возвращает 3: не пройден — ожидалось 3, получено -1');
  await expect(page.getByText(WRONG)).toBeVisible();
  await typeCode(page, 'function sum(a, b) { return a + b; }');
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByText(RIGHT)).toBeVisible();
  await expect(terminal.getByRole('listitem')).toHaveCount(3);

  // the project goes to a mentor: a refused answer first, then the link
  await page.goto(`/user/courses/${courseId}`);
  await page.getByRole('link', { name: 'Итоговый проект' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Список дел' })).toBeVisible();
  const answer = page.getByRole('textbox', { name: 'Ваш ответ' });
  const send = page.getByRole('button', { name: 'Отправить ментору' });
  await answer.fill('ftp://example.org/todo');
  await send.click();
  await expect(page.getByRole('alert')).toContainText('Ответ должен быть ссылкой');
  await expect(send).toBeDisabled();
  await answer.fill(projectLink());
  await send.click();
  await expect(page.getByText('Решение отправлено и ждёт проверки ментором.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отменить отправку' })).toBeVisible();

  const after = await progressOf(page);
  expect(after).toBeGreaterThan(before);
});

async function signedInPage(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

test('a mentor takes the project from the queue, comments and accepts it; the student sees the verdict and the history', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // the student has no mentor of their own: every mentor's queue has the answer
  const checker = await createUser(request, { role: 'MENTOR', firstName: 'Инна' });
  const mentor = await signedInPage(browser, checker);
  await mentor.waitForURL('**/mentor/review/table');
  const queued = (page: Page) => page.getByRole('row').filter({ hasText: `Надежда ${student.lastName}` });
  await expect(queued(mentor)).toContainText('Список дел');
  await expect(queued(mentor)).toContainText('В срок');
  await queued(mentor)
    .getByRole('button', { name: /^Взять на проверку/ })
    .click();
  await expect(queued(mentor)).toContainText('Вы, до');

  // a second mentor sees who checks it and cannot take it
  const second = await signedInPage(browser, await createUser(request, { role: 'MENTOR' }));
  await second.waitForURL('**/mentor/review/table');
  await expect(queued(second)).toContainText(`Инна ${checker.lastName}, до`);
  await expect(queued(second).getByRole('button', { name: /^Взять на проверку/ })).toHaveCount(0);
  await expectNoSeriousA11yIssues(second);
  await second.context().close();

  await queued(mentor)
    .getByRole('link', { name: /^Открыть ответ/ })
    .click();
  await expect(mentor.getByRole('heading', { level: 1, name: 'Список дел' })).toBeVisible();
  await expect(mentor.getByText('Страница студента', { exact: false }).first()).toBeVisible();

  const panel = mentor.getByRole('region', { name: 'Проверка ментора' });
  await expect(panel).toContainText('Ответ ждёт вашей проверки.');
  const comment = panel.getByRole('textbox', { name: 'Комментарий для студента' });
  await comment.click();
  await mentor.keyboard.type('Аккуратная работа. ');
  await mentor.keyboard.press('Control+B');
  await mentor.keyboard.type('Добавьте тесты');
  await mentor.keyboard.press('Control+B');
  // the draft survives a reload
  await mentor.reload();
  await expect(panel.getByRole('textbox', { name: 'Комментарий для студента' })).toContainText(
    'Аккуратная работа. Добавьте тесты',
  );
  await expectNoSeriousA11yIssues(mentor);

  await panel.getByRole('button', { name: 'Оценить решение' }).click();
  const dialog = mentor.getByRole('dialog', { name: 'Результат проверки' });
  await expect(dialog.getByRole('checkbox', { name: 'Решение верное' })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Решение верное' }).check();
  await dialog.getByRole('button', { name: 'Сохранить результат' }).click();
  await expect(mentor.getByText('Результат проверки ментора успешно сохранён')).toBeVisible();
  await expect(panel).toContainText('Последняя проверка: решение принято.');
  await expect(panel.getByRole('textbox', { name: 'Комментарий для студента' })).toHaveText('');
  // judged: it left the queue
  await mentor.goto('/mentor/review/table');
  await expect(mentor.getByRole('heading', { level: 1, name: 'Очередь проверки' })).toBeVisible();
  await expect(queued(mentor)).toHaveCount(0);

  const own = await signedInPage(browser, student);
  await own.getByRole('link', { name: PRACTICE }).first().click();
  await own.getByRole('link', { name: 'Итоговый проект' }).click();
  await expect(own.getByText('Ментор принял решение')).toBeVisible();
  await expect(own.locator('b, strong', { hasText: 'Добавьте тесты' })).toBeVisible();
  await own.getByRole('link', { name: 'История решений' }).click();
  await expect(own.getByRole('heading', { level: 1, name: 'Решения' })).toBeVisible();
  await own.getByRole('button', { name: /Верное решение/ }).click();
  const modal = own.getByRole('dialog');
  await expect(modal).toContainText(projectLink());
  await expect(modal).toContainText('Аккуратная работа.');
});
