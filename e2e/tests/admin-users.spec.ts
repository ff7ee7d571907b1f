import { expect, type Browser, type Page } from '@playwright/test';
import { createUser, expectNoSeriousA11yIssues, signIn, test, uniqueName, type TestUser } from './helpers';

// The administrator's users screen (docs/administration.md, "Administration"): invitations, blocking, a required
// password change, each seen from both sides: the administrator's screen and the user's own browser.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function pickBirthday(page: Page, day: string, month: string, year: string) {
  const group = page.getByRole('group', { name: 'Дата рождения' });
  await group.getByRole('combobox', { name: 'День' }).selectOption(day);
  await group.getByRole('combobox', { name: 'Месяц' }).selectOption({ label: month });
  await group.getByRole('combobox', { name: 'Год' }).selectOption(year);
}

/** A signed-in administrator on their landing page, the users screen. */
async function adminOnScreen(page: Page, admin: TestUser): Promise<void> {
  await signIn(page, admin);
  await page.waitForURL('**/admin/users/');
  await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeVisible();
}

/** Finds a user by their last name and opens their panel. */
async function openPanel(page: Page, user: TestUser) {
  const search = page.getByRole('searchbox', { name: 'Поиск' });
  await search.fill(user.lastName);
  const row = page.getByRole('row').filter({ hasText: `${user.firstName} ${user.lastName}` });
  await expect(page.getByText('Найден 1 пользователь')).toBeVisible();
  await row.getByRole('button', { name: `Изменить: ${user.firstName} ${user.lastName}` }).click();
  return page.getByRole('dialog', { name: `${user.firstName} ${user.lastName}` });
}

/** A second browser of its own (another person's), with a signed-in user on their landing page. */
async function otherBrowser(browser: Browser, user: TestUser, lands: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  await page.waitForURL(`**${lands}`);
  return { context, page };
}

test('an administrator invites a student from the screen; the invited person registers through the link', async ({
  page,
  request,
  browser,
}, testInfo) => {
  // two people's browsers on two cores: ~15 s alone, up to ~30 s beside another spec
  test.setTimeout(60_000);
  const admin = await createUser(request, { role: 'ADMIN', direction: null });
  await adminOnScreen(page, admin);
  const menu = page.getByRole('navigation', { name: 'Разделы кабинета' });
  await expect(menu.getByRole('link', { name: 'Кабинет сотрудника' })).toHaveAttribute('href', '/admin/students');
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('admin-users.png'), fullPage: true });

  const email = `invited-${unique()}@example.org`;
  const form = page.getByRole('region', { name: 'Пригласить учащегося' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('combobox', { name: 'Кого приглашаем' }).selectOption({ label: 'Студент' });
  await form.getByRole('combobox', { name: 'Тип оплаты' }).selectOption({ label: 'Отложенная оплата' });
  await form.getByRole('combobox', { name: 'Направление' }).selectOption({ label: 'Фронтенд-разработчик' });
  await form.getByRole('button', { name: 'Пригласить' }).click();
  await expect(form.getByText(`Приглашение отправлено на ${email}.`, { exact: false })).toBeVisible();
  const link = await form.getByRole('textbox', { name: 'Ссылка для регистрации' }).inputValue();
  await expect(page.getByRole('list', { name: 'Ждут регистрации' })).toContainText(email);
  await expect(page.getByRole('list', { name: 'Последние изменения' }).getByRole('listitem').first()).toContainText(
    `Приглашение для ${email} (Студент)`,
  );
  await expectNoSeriousA11yIssues(page);

  // the invited person, in a browser of their own
  const invited = await browser.newContext();
  const newcomer = await invited.newPage();
  await newcomer.goto(new URL(link).pathname);
  await expect(newcomer.getByLabel('E-mail')).toHaveValue(email);
  await newcomer.getByLabel('Имя', { exact: true }).fill('Ольга');
  await newcomer.getByLabel('Фамилия').fill(uniqueName('Приглашённая'));
  await newcomer.getByLabel('Пароль', { exact: true }).fill('secret-2');
  await newcomer.getByLabel('Повторите пароль').fill('secret-2');
  await pickBirthday(newcomer, '3', 'март', '1995');
  await newcomer.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await newcomer.waitForURL('**/login?param=start');
  await signIn(newcomer, { email, password: 'secret-2' });
  await newcomer.waitForURL('**/user/courses');
  await invited.close();

  // used: no longer pending
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Приглашения' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ждут регистрации' }).getByText(email)).toHaveCount(0);
});

test('blocking a user signs out their open page on its next request, and they cannot sign in', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await createUser(request, { role: 'ADMIN', direction: null });
  const student = await createUser(request, { firstName: 'Пётр', lastName: uniqueName('Блокируемый') });
  const theirs = await otherBrowser(browser, student, '/user/courses');

  await adminOnScreen(page, admin);
  const panel = await openPanel(page, student);
  await panel.getByRole('button', { name: 'Заблокировать…' }).click();
  await expect(panel).toContainText('Все его сеансы на всех устройствах завершатся сразу');
  await expectNoSeriousA11yIssues(page);
  await panel.getByRole('button', { name: 'Да, заблокировать' }).click();
  await expect(page.getByText('Пользователь заблокирован: все его сеансы завершены')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Разблокировать' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Журнал изменений' }).getByRole('listitem').first()).toContainText('Заблокирован');

  // the student's open page: its next request is refused and the shell signs them out
  await theirs.page.getByRole('link', { name: 'Статистика' }).click();
  await theirs.page.waitForURL('**/login');
  await signIn(theirs.page, student);
  await expect(theirs.page.getByText('Ваша учётная запись заблокирована. Обратитесь к куратору.')).toBeVisible();
  await theirs.context.close();

  // the table says so
  await panel.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByRole('row').filter({ hasText: student.lastName })).toContainText('Заблокирован');
});

test('requiring a password change sends the user to the password page; a new password frees them', async ({
  page,
  request,
  browser,
}, testInfo) => {
  // two people's browsers on two cores: ~15 s alone, up to ~30 s beside another spec
  test.setTimeout(60_000);
  const admin = await createUser(request, { role: 'ADMIN', direction: null });
  const student = await createUser(request, { firstName: 'Вера', lastName: uniqueName('Забывчивая') });
  const theirs = await otherBrowser(browser, student, '/user/courses');

  await adminOnScreen(page, admin);
  const panel = await openPanel(page, student);
  await panel.getByRole('button', { name: 'Потребовать смену пароля' }).click();
  await expect(page.getByText('Пользователь сменит пароль при следующем действии')).toBeVisible();
  await expect(panel.getByText('Нужно сменить пароль', { exact: true })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('admin-panel-390.png'), fullPage: true });

  // the user's next step takes them to the password page, still signed in
  await theirs.page.getByRole('link', { name: 'Статистика' }).click();
  await theirs.page.waitForURL('**/user/password');
  await expect(theirs.page.getByText('Чтобы продолжить работу, смените пароль.')).toBeVisible();
  await theirs.page.getByLabel('Текущий пароль').fill(student.password);
  await theirs.page.getByLabel('Новый пароль', { exact: true }).fill('brand-new-7');
  await theirs.page.getByLabel('Повторите новый пароль').fill('brand-new-7');
  await theirs.page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await theirs.page.waitForURL('**/user/courses');
  await theirs.page.getByRole('link', { name: 'Статистика' }).click();
  await theirs.page.waitForURL('**/user/statistic');
  await theirs.context.close();

  // the administrator sees the restriction gone (the new password lifted it)
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.getByRole('button', { name: 'Закрыть' }).click();
  await page.reload();
  const again = await openPanel(page, student);
  await expect(again.getByText('Доступ не ограничен.')).toBeVisible();
});

test('the screen in English at 390 px: cards, the panel, clean for axe', async ({ page, request }, testInfo) => {
  const admin = await createUser(request, { role: 'ADMIN', direction: null });
  const student = await createUser(request, { firstName: 'Анна', lastName: uniqueName('Карточкина') });
  await page.setViewportSize({ width: 390, height: 844 });
  await adminOnScreen(page, admin);
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(student.lastName);
  await expect(page.getByText('1 user found')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('admin-users-390-en.png'), fullPage: true });
  await page.getByRole('button', { name: `Edit: Анна ${student.lastName}` }).click();
  const panel = page.getByRole('dialog', { name: `Анна ${student.lastName}` });
  await expect(panel.getByRole('heading', { name: 'Change log' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});
