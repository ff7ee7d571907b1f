import { expect, type Page } from '@playwright/test';
import { createUser, expectNoSeriousA11yIssues, signIn, test, typeCode } from './helpers';

// Issue 30: every direction the academy sells is taught. A new JAVA, GO or MQA student registers as a
// newcomer would, finds their direction's course, and solves a code (or SQL) task wrong, with a
// compile error, and right; an enrollee of each direction walks to their first code step. Screenshots
// go to DIRECTION_SHOTS when it is set (to be looked at).
const SHOTS = process.env.DIRECTION_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Direction {
  direction: 'JAVA' | 'GO' | 'MQA';
  course: string;
  slug: string;
  /** the code task's address in the course: module, chapter, task */
  task: [number, number, number];
  title: string;
  wrong: string;
  /** the line the terminal shows for the wrong code's first example */
  wrongLine: string;
  broken: string;
  compileError: RegExp;
  right: string;
  /** the direction's enrollee course */
  starter: string;
  /** the enrollee's code step: its title and a right answer */
  step: { title: string; right: string };
}

const DIRECTIONS: Direction[] = [
  {
    direction: 'JAVA',
    course: 'Java: основы',
    slug: 'java-basics',
    task: [1, 2, 4],
    title: 'Високосный год',
    wrong: 'public class Solution {\npublic static boolean isLeapYear(int year) {\nreturn year % 4 == 0;\n}\n}',
    wrongLine: 'не пройден',
    broken: 'public class Solution {\npublic static boolean isLeapYear(int year) {\nreturn year % 4 == 0\n}\n}',
    compileError: /Solution\.java:3: error: ';' expected/,
    right:
      'public class Solution {\npublic static boolean isLeapYear(int year) {\nreturn (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;\n}\n}',
    starter: 'Подготовка к обучению в Java',
    step: {
      title: 'Первый метод',
      right: 'public class Solution {\npublic static String greet(String name) {\nreturn "Привет, " + name + "!";\n}\n}',
    },
  },
  {
    direction: 'GO',
    course: 'Go: основы',
    slug: 'go-basics',
    task: [1, 2, 4],
    title: 'Число в диапазоне',
    wrong: 'package main\n\nfunc Clamp(x, lo, hi int) int {\nreturn x\n}',
    wrongLine: 'не пройден',
    broken: 'package main\n\nfunc Clamp(x, lo, hi int) int {\nreturn x +\n}',
    compileError: /\.\/solution\.go:5:1: syntax error/,
    right: 'package main\n\nfunc Clamp(x, lo, hi int) int {\nif x < lo {\nreturn lo\n}\nif x > hi {\nreturn hi\n}\nreturn x\n}',
    starter: 'Подготовка к обучению в Go',
    step: {
      title: 'Первая функция',
      right: 'package main\n\nfunc Greet(name string) string {\nreturn "Привет, " + name + "!"\n}',
    },
  },
  {
    direction: 'MQA',
    course: 'Тестирование и SQL',
    slug: 'qa-sql',
    task: [3, 1, 4],
    title: 'Пользователи без email',
    wrong: 'SELECT id, name FROM users WHERE email IS NULL',
    wrongLine: 'не пройден',
    broken: 'SELECT id, name FROM users WHERE emial IS NULL',
    compileError: /column "emial" does not exist/,
    right: "SELECT id, name FROM users WHERE email IS NULL OR trim(email) = ''",
    starter: 'Подготовка к обучению в тестировании',
    step: { title: 'Первая проверка', right: 'def is_adult(age: int) -> bool:\n    return age >= 18' },
  },
];

for (const d of DIRECTIONS) {
  test(`${d.direction}: a new student registers, finds "${d.course}" and solves a code task wrong, broken and right`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.goto(`/start?direction=${d.direction}`);
    // the direction's mark beside its name (decorative: the name is in the text)
    await expect(page.locator(`main [data-direction="${d.direction}"][aria-hidden="true"]`)).toBeVisible();
    await shot(page, `${d.direction}-registration`);
    await page.getByLabel('Имя', { exact: true }).fill('Новый');
    await page.getByLabel('Фамилия').fill('Студент');
    await page.getByLabel('E-mail').fill(`${d.direction.toLowerCase()}-${unique()}@example.org`);
    await page.getByLabel('Пароль').fill('secret-1');
    const birthday = page.getByRole('group', { name: 'Дата рождения' });
    await birthday.getByRole('combobox', { name: 'День' }).selectOption('12');
    await birthday.getByRole('combobox', { name: 'Месяц' }).selectOption({ label: 'март' });
    await birthday.getByRole('combobox', { name: 'Год' }).selectOption('2001');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/user/courses');
    await expect(page.getByRole('link', { name: new RegExp(d.course) }).first()).toBeVisible();
    await shot(page, `${d.direction}-courses`);

    // staff enrol the new student (every module open), as after a payment
    const profile = await (await page.request.get('/api/user/profile')).json();
    const enrolled = await request.post('/__test__/enrolments', {
      data: { studentId: profile.data.id, course: d.slug, openModules: true },
    });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);
    const { courseId } = (await enrolled.json()) as { courseId: number };

    await page.goto(`/user/courses/${courseId}/${d.task.join('/')}`);
    await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
    const terminal = page.getByRole('region', { name: 'Результат проверки' });

    await typeCode(page, d.wrong);
    await page.getByRole('button', { name: 'Проверить' }).click();
    // the first submission of a language on a fresh server also starts its compiler: a longer wait
    await expect(terminal.getByRole('listitem').filter({ hasText: d.wrongLine }).first()).toBeVisible({ timeout: 60_000 });
    await shot(page, `${d.direction}-wrong`);

    await typeCode(page, d.broken);
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect(terminal).toContainText(d.compileError, { timeout: 20_000 });
    await shot(page, `${d.direction}-compile-error`);

    await typeCode(page, d.right);
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect(page.getByText('Правильное решение')).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yIssues(page);
    await shot(page, `${d.direction}-right`);
  });
}

for (const d of DIRECTIONS) {
  test(`${d.direction}: an enrollee of the direction reaches their code step and solves it`, async ({ page, request }) => {
    test.slow();
    const enrollee = await createUser(request, { role: 'STUDENT', direction: d.direction, paymentType: 'REGULAR' });
    await signIn(page, enrollee);
    await page.waitForURL('**/enrollee/1');
    await expect(page.getByRole('img', { name: /^Значок направления/ })).toBeVisible();
    await expect(page.getByText(d.starter, { exact: true })).toBeVisible();
    await page.goto('/enrollee/4');
    await expect(page.getByRole('heading', { level: 1, name: d.step.title })).toBeVisible();
    await typeCode(page, d.step.right);
    await page.getByRole('button', { name: 'Проверить' }).click();
    // the first answer of a language on a fresh server also starts its compiler (a cold JVM: seconds)
    await expect(page.getByText('Правильное решение')).toBeVisible({ timeout: 60_000 });
    await shot(page, `${d.direction}-enrollee-code-step`);
  });
}

test('MQA: a Python answer shows its progress while a grader checks it; a reload keeps it, then the result', async ({
  page,
  request,
}) => {
  const student = await createUser(request, { role: 'PAY_STUDENT', direction: 'MQA' });
  const enrolled = await request.post('/__test__/enrolments', {
    data: { studentId: student.id, course: 'qa-sql', openModules: true },
  });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  const { courseId } = (await enrolled.json()) as { courseId: number };
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  await page.goto(`/user/courses/${courseId}/2/2/3`);
  await expect(page.getByRole('heading', { level: 1, name: 'Проверка логина' })).toBeVisible();
  // eight tests of 0.4 s each: long enough to watch
  await typeCode(page, 'import time\n\n\ndef is_valid_login(login: str) -> bool:\n    time.sleep(0.4)\n    return False\n');
  await page.getByRole('button', { name: 'Проверить' }).click();
  const terminal = page.getByRole('region', { name: 'Результат проверки' });
  await expect(terminal.getByRole('status')).toContainText(/Выполняется тест [2-7] из 8/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Проверяем…' })).toBeDisabled();
  await shot(page, 'MQA-run-progress');
  // a reload in the middle: the run is where it was, and goes on
  await page.reload();
  await expect(terminal.getByRole('status')).toContainText(/Выполняется тест \d из 8/);
  await expect(terminal.getByRole('listitem').filter({ hasText: 'не пройден' }).first()).toBeVisible({ timeout: 20_000 });
  await expect(terminal.getByRole('status')).toHaveCount(0);
  await expect(page.getByText('Неверное решение, проверьте ещё раз')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Проверить' })).toBeEnabled();
  await expectNoSeriousA11yIssues(page);
});
