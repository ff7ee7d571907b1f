import { expect, type Page } from '@playwright/test';
import { API_HEADERS, createUser, enrol, expectNoSeriousA11yIssues, signIn, test, typeCode } from './helpers';

// Issue 32, "a code editor students know": Run tries the code on the task's examples in every language
// the academy teaches (not an answer: no attempt, no history), the shortcuts check and run, a compile
// error is marked at its line, and the font size and height the student chose stay. Screenshots go to
// EDITOR_SHOTS when it is set (to be looked at).
const SHOTS = process.env.EDITOR_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

interface Language {
  name: string;
  course: string | null;
  direction: 'FE' | 'JAVA' | 'GO' | 'MQA';
  task: [number, number, number];
  title: string;
  /** code passing some examples, not all */
  partly: string;
  /** the summary line of its run */
  partlySummary: string;
  broken: string;
  /** where the compiler or parser stops on the broken code */
  place: RegExp;
}

const LANGUAGES: Language[] = [
  {
    name: 'JavaScript',
    course: null,
    direction: 'FE',
    task: [2, 1, 2],
    title: 'Функция суммы',
    partly: 'function sum(a, b) {\n  return a + b + (a < 0 ? 1 : 0);\n}',
    partlySummary: 'Пройдено примеров: 1 из 2',
    broken: 'function sum(a, b) {\n  return a +\n}',
    place: /^Ошибка в строке 3, столбец 1$/,
  },
  {
    name: 'TypeScript',
    course: null,
    direction: 'FE',
    task: [2, 2, 2],
    title: 'Палиндром на TypeScript',
    partly: 'function isPalindrome(text: string): boolean {\n  return text.length > 10;\n}',
    partlySummary: 'Пройдено примеров: 1 из 2',
    broken: 'function isPalindrome(text: string): boolean {\n  return text ===\n}',
    place: /^Ошибка в строке 3, столбец 1$/,
  },
  {
    name: 'Java',
    course: 'java-basics',
    direction: 'JAVA',
    task: [1, 2, 4],
    title: 'Високосный год',
    partly: 'public class Solution {\npublic static boolean isLeapYear(int year) {\nreturn year % 4 == 0;\n}\n}',
    partlySummary: 'Пройдено примеров:',
    broken: 'public class Solution {\npublic static boolean isLeapYear(int year) {\nreturn year % 4 == 0\n}\n}',
    place: /^Ошибка в строке 3$/,
  },
  {
    name: 'Go',
    course: 'go-basics',
    direction: 'GO',
    task: [1, 2, 4],
    title: 'Число в диапазоне',
    partly: 'package main\n\nfunc Clamp(x, lo, hi int) int {\nreturn x\n}',
    partlySummary: 'Пройдено примеров: 1 из 2',
    broken: 'package main\n\nfunc Clamp(x, lo, hi int) int {\nreturn x +\n}',
    place: /^Ошибка в строке 5, столбец 1$/,
  },
  {
    name: 'Python',
    course: 'qa-sql',
    direction: 'MQA',
    task: [2, 2, 3],
    title: 'Проверка логина',
    partly: 'def is_valid_login(login: str) -> bool:\n    return len(login) >= 3\n',
    partlySummary: 'Пройдено примеров:',
    broken: 'def is_valid_login(login: str) -> bool:\n    return len(login) >=\n',
    place: /^Ошибка в строке 2$/,
  },
  {
    name: 'SQL',
    course: 'qa-sql',
    direction: 'MQA',
    task: [3, 1, 4],
    title: 'Пользователи без email',
    partly: 'SELECT id, name FROM users WHERE email IS NULL',
    partlySummary: 'Пройдено примеров:',
    broken: 'SELECT id, name FROM users WHERE emial IS NULL',
    place: /column "emial" does not exist/,
  },
];

async function openTask(page: Page, request: Parameters<typeof createUser>[0], language: Language): Promise<number> {
  const student = await createUser(request, { paymentType: 'REGULAR', direction: language.direction });
  let courseId: number;
  if (language.course) {
    const enrolled = await request.post('/__test__/enrolments', {
      data: { studentId: student.id, course: language.course, openModules: true },
    });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);
    courseId = ((await enrolled.json()) as { courseId: number }).courseId;
  } else courseId = await enrol(request, student, { openModules: true });
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  await page.goto(`/user/courses/${courseId}/${language.task.join('/')}`);
  await expect(page.getByRole('heading', { level: 1, name: language.title })).toBeVisible();
  // the live page has taken over from the server's copy (a shortcut pressed on the copy does nothing)
  await expect(page.locator('#prerendered')).toHaveCount(0);
  return courseId;
}

/** The task's own answers: its history's length (a try is never one). */
async function answers(page: Page): Promise<number> {
  const [, courseId, m, c, n] = /\/user\/courses\/(\d+)\/(\d+)\/(\d+)\/(\d+)/.exec(page.url())!;
  const heading = await (
    await page.request.get(`/api/student/course/${courseId}/taskHeading?modulePosition=${m}&chapterPosition=${c}`)
  ).json();
  const courseTaskId = heading.data.taskHeadingDtos[Number(n) - 1].courseTaskId;
  const task = await (await page.request.get(`/api/student/task/${courseTaskId}/code`, { headers: API_HEADERS })).json();
  const history = await (await page.request.get(`/api/student/taskInfo/${task.data.studentTaskId}/solutions`)).json();
  return (history.data as unknown[]).length;
}

for (const language of LANGUAGES) {
  test(`${language.name}: Run tries the code on the examples, not as an answer; a broken line is marked`, async ({
    page,
    request,
  }) => {
    test.slow();
    await openTask(page, request, language);
    const tries = page.getByRole('region', { name: /^Запуск на примерах/ });

    await typeCode(page, language.partly);
    await page.getByRole('button', { name: 'Запустить' }).click();
    // the first code of a language on a fresh server also starts its compiler: a longer wait
    await expect(tries.getByRole('heading')).toContainText(language.partlySummary, { timeout: 60_000 });
    await expect(tries.getByRole('listitem').first()).toBeVisible();
    await expect(tries).toContainText('Запуск не считается попыткой');
    // a call of the student's own goes beside Run, in every language but SQL (its tests have no call)
    await expect(page.getByRole('textbox', { name: 'Свой вызов' })).toHaveCount(language.name === 'SQL' ? 0 : 1);
    // not an answer: no verdict, nothing in the history
    await expect(page.getByText('Неверное решение, проверьте ещё раз')).toHaveCount(0);
    expect(await answers(page)).toBe(0);
    await shot(page, `run-${language.name}`);

    // the shortcut runs too (Ctrl+'), and a compile error names its line, marked in the gutter
    await typeCode(page, language.broken);
    await page.keyboard.press("Control+'");
    await expect(tries).toContainText(language.place.source.startsWith('^') ? /ошибка|error/i : language.place, {
      timeout: 30_000,
    });
    if (language.place.source.startsWith('^')) {
      await expect(page.getByText(language.place)).toBeVisible();
      await expect(page.locator('.ace_gutter-cell.ace_error')).toHaveCount(1);
    }
    await expectNoSeriousA11yIssues(page);
    await shot(page, `run-${language.name}-broken`);
  });
}

test('JavaScript: a call of the student’s own runs after the examples and shows what it returned', async ({ page, request }) => {
  await openTask(page, request, LANGUAGES[0]!);
  await typeCode(page, 'function sum(a, b) {\n  console.log("второе слагаемое:", b);\n  return a + b;\n}');
  const own = page.getByRole('textbox', { name: 'Свой вызов' });
  await own.fill('sum("Привет, ", "Боб!")');
  // Enter in the field runs, as Run does
  await own.press('Enter');
  const tries = page.getByRole('region', { name: /^Запуск на примерах/ });
  // the examples are judged as ever: the call adds no test and no verdict
  await expect(tries.getByRole('heading')).toContainText('Пройдено примеров: 2 из 2', { timeout: 60_000 });
  await expect(tries).toContainText('Ваш вызов: sum("Привет, ", "Боб!") → "Привет, Боб!"');
  await expect(tries).toContainText('второе слагаемое: Боб!');
  // an error of the call is the call's own
  await own.fill('sum(1, 2).x.y');
  await page.getByRole('button', { name: 'Запустить' }).click();
  await expect(tries).toContainText(/Ваш вызов: sum\(1, 2\)\.x\.y → ошибка: TypeError/);
  expect(await answers(page)).toBe(0);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'run-own-call');
});

test('Ctrl+Enter checks the code; the font size and the height the student chose stay for the next visit', async ({
  page,
  request,
}) => {
  await openTask(page, request, LANGUAGES[0]!);
  // completion: the code's own words offered as the student types (and the popup is clean for axe)
  await typeCode(page, 'function sum(first, second) {\n  return ');
  await expect(page.locator('.ace_editor')).toBeVisible();
  await page.keyboard.type('fir', { delay: 50 });
  await expect(page.locator('.ace_autocomplete')).toBeVisible();
  await expect(page.locator('.ace_autocomplete')).toContainText('first');
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'editor-completion');
  await page.keyboard.press('Escape');
  await typeCode(page, 'function sum(a, b) { return a - b }');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Неверное решение, проверьте ещё раз')).toBeVisible();
  expect(await answers(page)).toBe(1);

  // keyboard only: the font size buttons, then the height handle with the arrow keys
  const toolbar = page.getByRole('toolbar', { name: 'Настройки редактора' });
  await toolbar.getByRole('button', { name: 'Увеличить шрифт' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(toolbar.getByText('Шрифт 17 px')).toBeVisible();
  await expect(page.locator('.ace_editor')).toHaveCSS('font-size', '17px');
  const handle = page.getByRole('separator', { name: 'Высота редактора' });
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  await expect(handle).toHaveAttribute('aria-valuenow', '540');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: LANGUAGES[0]!.title })).toBeVisible();
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.locator('.code-editor textarea, .ace_editor').first()).toHaveCSS('font-size', '17px');
  await page.getByRole('textbox', { name: 'Код решения' }).focus();
  await expect(page.getByRole('separator', { name: 'Высота редактора' })).toHaveAttribute('aria-valuenow', '540');
  await expectNoSeriousA11yIssues(page);
});
