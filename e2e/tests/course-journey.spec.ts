import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues, signIn } from './helpers';

// The demo newcomer (nothing solved) works through the JavaScript course; then the demo mentor checks
// the project. Serial: the second test reads what the first one sent.
test.describe.configure({ mode: 'serial' });

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
  const card = page
    .getByRole('region', { name: 'Основные курсы' })
    .getByRole('listitem')
    .filter({ hasText: 'JavaScript: основы' });
  return Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'));
};

test('the newcomer solves a task of every kind, each right after a wrong try, and the course progress grows', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'newcomer@demo.academy');
  await page.waitForURL('**/user/courses');
  const before = await progressOf(page);
  await page.getByRole('link', { name: 'JavaScript: основы' }).first().click();
  await page.getByRole('link', { name: 'Первые шаги' }).click();

  // lecture: solved by opening it
  await expect(page.getByRole('heading', { level: 1, name: 'Что такое JavaScript' })).toBeVisible();
  await expect(page.getByText('Лекция прочитана и засчитана.')).toBeVisible();

  // theory, one answer; the first right answer of a newcomer brings the comment prompt
  await next(page, 'Где выполняется JavaScript');
  await checkWrongThenRight(
    page,
    () => page.getByRole('radio', { name: 'Только в браузере' }).check(),
    () => page.getByRole('radio', { name: 'В браузере и на сервере (Node.js)' }).check(),
  );
  const prompt = page.getByRole('dialog', { name: 'Поделитесь опытом' });
  await expect(prompt).toContainText('напишите пару слов');
  await prompt.getByRole('button', { name: 'Понятно' }).click();

  // word
  await next(page, 'Неизменяемая переменная');
  await checkWrongThenRight(
    page,
    () => page.getByRole('textbox', { name: 'Ваш ответ' }).fill('let'),
    () => page.getByRole('textbox', { name: 'Ваш ответ' }).fill('const'),
  );

  // theory, several answers
  await next(page, 'Примитивные типы');
  await checkWrongThenRight(
    page,
    async () => {
      await page.getByRole('checkbox', { name: 'string' }).check();
      await page.getByRole('checkbox', { name: 'object' }).check();
    },
    async () => {
      await page.getByRole('checkbox', { name: 'object' }).uncheck();
      await page.getByRole('checkbox', { name: 'number' }).check();
      await page.getByRole('checkbox', { name: 'boolean' }).check();
    },
  );

  // gapping
  await next(page, 'Объявление переменных');
  await checkWrongThenRight(
    page,
    async () => {
      await page.getByRole('textbox', { name: 'Пропуск 1' }).fill('const');
      await page.getByRole('textbox', { name: 'Пропуск 2' }).fill('var');
      await page.getByRole('textbox', { name: 'Пропуск 3' }).fill('typeof');
    },
    () => page.getByRole('textbox', { name: 'Пропуск 2' }).fill('let'),
  );

  // ordering
  await next(page, 'Порядок выполнения программы');
  const place = (item: string, n: string) => page.getByRole('combobox', { name: `Место для «${item}»` }).selectOption(n);
  await checkWrongThenRight(
    page,
    async () => {
      await place('Браузер загружает HTML-страницу', '2');
      await place('Браузер встречает тег script и загружает файл', '1');
      await place('Движок разбирает код', '3');
      await place('Движок выполняет код', '4');
    },
    async () => {
      await place('Браузер загружает HTML-страницу', '1');
      await place('Браузер встречает тег script и загружает файл', '2');
    },
  );
  await expectNoSeriousA11yIssues(page);

  // the second module opens now that the first is complete; code with a terminal line per test
  await next(page, 'Функции в JavaScript');
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

  // association
  await next(page, 'Термины о функциях');
  const pick = (term: string, definition: string) =>
    page.getByRole('combobox', { name: `Определение для «${term}»` }).selectOption({ label: definition });
  await checkWrongThenRight(
    page,
    async () => {
      await pick('Параметр', 'Значение, переданное функции при вызове');
      await pick('Аргумент', 'Имя в объявлении функции, под которым она получает значение');
      await pick('return', 'Возвращает значение из функции и завершает её');
    },
    async () => {
      await pick('Параметр', 'Имя в объявлении функции, под которым она получает значение');
      await pick('Аргумент', 'Значение, переданное функции при вызове');
    },
  );

  // multi-test
  await next(page, 'Проверим себя');
  const test1 = page.getByRole('group', { name: 'Что вернёт функция без return?' });
  const test2 = page.getByRole('group', { name: 'Как называется функция, переданная в другую функцию?' });
  await checkWrongThenRight(
    page,
    async () => {
      await test1.getByRole('radio', { name: 'null' }).check();
      await test2.getByRole('radio', { name: 'Колбэк' }).check();
    },
    () => test1.getByRole('radio', { name: 'undefined' }).check(),
  );

  // the TypeScript code task, right at once
  await next(page, 'Палиндром на TypeScript');
  await typeCode(
    page,
    "function isPalindrome(text: string): boolean { const s = text.toLowerCase().replace(/[^a-zа-яё0-9]/g, ''); return s === [...s].reverse().join(''); }",
  );
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByText(RIGHT)).toBeVisible();

  // third module: multi-answer and multi-input
  await next(page, 'Массивы и их методы');
  await next(page, 'Что делает метод');
  const tick = (question: string, answer: string) =>
    page.getByRole('group', { name: question, exact: true }).getByRole('checkbox', { name: answer }).click();
  await checkWrongThenRight(
    page,
    async () => {
      await tick('map', 'Изменяет исходный массив');
      await tick('push', 'Изменяет исходный массив');
      await tick('reduce', 'Возвращает одно значение');
      await tick('sort', 'Изменяет исходный массив');
    },
    async () => {
      await tick('map', 'Изменяет исходный массив');
      await tick('map', 'Возвращает новый массив');
    },
  );

  await next(page, 'Угадайте результат');
  await checkWrongThenRight(
    page,
    async () => {
      await page.getByRole('textbox', { name: '[1, 2, 3].length' }).fill('3');
      await page.getByRole('textbox', { name: "['a', 'b'].join('-')" }).fill('ab');
      await page.getByRole('textbox', { name: '[3, 1, 2].indexOf(1)' }).fill('1');
    },
    () => page.getByRole('textbox', { name: "['a', 'b'].join('-')" }).fill('a-b'),
  );

  // the project goes to a mentor: a refused answer first, then the link
  await next(page, 'Список дел');
  const answer = page.getByRole('textbox', { name: 'Ваш ответ' });
  const send = page.getByRole('button', { name: 'Отправить ментору' });
  await answer.fill('ftp://example.org/todo');
  await send.click();
  await expect(page.getByRole('alert')).toContainText('Ответ должен быть ссылкой');
  await expect(send).toBeDisabled();
  await answer.fill('https://github.com/nadezhda-novikova/todo');
  await send.click();
  await expect(page.getByText('Решение отправлено и ждёт проверки ментором.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отменить отправку' })).toBeVisible();

  const after = await progressOf(page);
  expect(after).toBeGreaterThan(before);
});

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

test('the mentor comments on the newcomer’s project and accepts it; the newcomer sees the verdict and the history', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const mentor = await signedInPage(browser, 'mentor@demo.academy');
  await mentor.getByRole('searchbox', { name: 'Поиск студента' }).fill('Новикова');
  await mentor
    .getByRole('row')
    .filter({ hasText: 'Новикова Надежда' })
    .getByRole('link', { name: /Открыть страницу студента/ })
    .click();
  await mentor.getByRole('link', { name: 'JavaScript: основы' }).first().click();
  await mentor.getByRole('link', { name: 'Итоговый проект' }).click();
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

  const student = await signedInPage(browser, 'newcomer@demo.academy');
  await student.getByRole('link', { name: 'JavaScript: основы' }).first().click();
  await student.getByRole('link', { name: 'Итоговый проект' }).click();
  await expect(student.getByText('Ментор принял решение')).toBeVisible();
  await expect(student.locator('b, strong', { hasText: 'Добавьте тесты' })).toBeVisible();
  await student.getByRole('link', { name: 'История решений' }).click();
  await expect(student.getByRole('heading', { level: 1, name: 'Решения' })).toBeVisible();
  await student.getByRole('button', { name: /Верное решение/ }).click();
  const modal = student.getByRole('dialog');
  await expect(modal).toContainText('https://github.com/nadezhda-novikova/todo');
  await expect(modal).toContainText('Аккуратная работа.');
});
