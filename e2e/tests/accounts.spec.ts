import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_HEADERS, createUser, expectNoSeriousA11yIssues, signIn, test } from './helpers';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b7b1a50000000049454e44ae426082',
  'hex',
);

/** A fresh student registered through the API (free registration), signed out again. */
async function registeredStudent(request: APIRequestContext, password = 'secret-1') {
  const email = `e2e-${unique()}@example.org`;
  const reply = await request.post('/api/registration/free/ru', {
    data: {
      firstName: 'Вера',
      lastName: 'Тестова',
      email,
      password,
      paymentType: 'REGULAR',
      direction: 'FE',
      birthday: '10.10.2000',
    },
  });
  expect(reply.ok()).toBe(true);
  await request.delete('/token');
  return { email, password };
}

async function pickBirthday(page: Page, day: string, month: string, year: string) {
  const group = page.getByRole('group', { name: 'Дата рождения' });
  await group.getByRole('combobox', { name: 'День' }).selectOption(day);
  await group.getByRole('combobox', { name: 'Месяц' }).selectOption({ label: month });
  await group.getByRole('combobox', { name: 'Год' }).selectOption(year);
}

test('a newcomer finds a direction on the landing page, registers at /start and lands on the course list', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Станьте разработчиком с Академией' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('link', { name: 'Начать бесплатно: Java-разработчик' }).click();
  await page.waitForURL('**/start?direction=JAVA');
  await page.getByLabel('Имя', { exact: true }).fill('Глеб');
  await page.getByLabel('Фамилия').fill('Новиков');
  await page.getByLabel('E-mail').fill(`gleb-${unique()}@example.org`);
  await page.getByLabel('Пароль').fill('secret-1');
  await pickBirthday(page, '30', 'февраль', '2000');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Укажите существующую дату рождения')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await pickBirthday(page, '29', 'февраль', '2000');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.waitForURL('**/user/courses');
  await expect(page.getByText('Вы зарегистрированы! Добро пожаловать в Академию.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Меню профиля: Глеб Новиков/ })).toBeVisible();
});

test('the English registration page reads in English on a Russian interface; Russian pages fetch no English', async ({
  page,
}) => {
  const english: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('i18n-en')) english.push(request.url());
  });
  await page.goto('/start?direction=FE');
  await expect(page.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
  expect(english).toEqual([]);
  // English texts are chunks of their own: this page asks for them, the interface around it stays Russian
  await page.goto('/start/en?direction=FE');
  await expect(page.getByRole('heading', { name: 'Registration' })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
  expect(english.length).toBeGreaterThan(0);
});

test('the landing page by keyboard: the link reached before the app took over keeps the focus', async ({ page }) => {
  await page.goto('/', { waitUntil: 'load' });
  // the first key starts the app; the page as served moves the focus meanwhile
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const reached = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  expect(reached).not.toBe('');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  // the live page's same control has it: the next Tab goes on from there, not from the top
  expect(
    await page.evaluate(() => (document.activeElement?.closest('#root') ? document.activeElement.textContent?.trim() : null)),
  ).toBe(reached);
});

test('an invitation made by an administrator registers a student, who then signs in', async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: API_HEADERS });
  const administrator = await createUser(admin, { role: 'ADMIN', direction: null });
  await admin.post('/token', { data: { username: administrator.email, password: administrator.password } });
  const email = `invited-${unique()}@example.org`;
  const made = await admin.post('/api/admin/invitations', {
    data: { email, role: 'PAY_STUDENT', paymentType: 'UNTIL_PAID', direction: 'FE' },
  });
  const { link } = (await made.json()).data as { link: string };
  await admin.dispose();

  await page.goto(new URL(link).pathname);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Фамилия').fill('Приглашённая');
  await page.getByLabel('Пароль', { exact: true }).fill('secret-2');
  await page.getByLabel('Повторите пароль').fill('secret-2');
  await pickBirthday(page, '3', 'март', '1995');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.waitForURL('**/login?param=start');
  await signIn(page, { email, password: 'secret-2' });
  await page.waitForURL('**/user/courses');
  // the link works once
  await page.goto(new URL(link).pathname);
  await page.waitForURL('**/login?param=invalidRegToken');
});

test('a user who forgot the password follows the link from the mailbox page, sets a new one and signs in', async ({
  page,
  request,
}) => {
  const account = await registeredStudent(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Прислать ссылку' }).click();
  await expect(page.getByText(/Если такой адрес есть в Академии/)).toBeVisible();

  // the development mailbox shows mail only to a signed-in administrator: read the link as one, then leave
  const admin = await createUser(request, { role: 'ADMIN', direction: null });
  await page.request.post('/token', {
    data: { username: admin.email, password: admin.password },
    headers: { zoneid: 'UTC' },
  });
  await page.goto('/dev/mailbox');
  const mail = page.getByRole('article').filter({ hasText: account.email }).first();
  await expect(mail).toContainText('Восстановление пароля в Академии');
  const link = await mail.getByRole('link', { name: /recovery-pass/ }).getAttribute('href');
  await page.request.delete('/token', { headers: { zoneid: 'UTC' } });
  await page.goto(link!);
  await page.getByLabel('Новый пароль', { exact: true }).fill('brand-new-1');
  await page.getByLabel('Повторите новый пароль').fill('brand-new-1');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await page.waitForURL('**/login?param=successRecovery');
  await signIn(page, { email: account.email, password: 'brand-new-1' });
  await page.waitForURL('**/user/courses');
});

test('a user changes the avatar and sees it in the header at once', async ({ page, request }) => {
  const account = await registeredStudent(request);
  await signIn(page, account);
  await page.waitForURL('**/user/courses');
  const menu = page.getByRole('button', { name: /Меню профиля/ });
  await expect(menu.locator('img')).toHaveCount(0);
  await menu.click();
  await page.getByRole('button', { name: 'Сменить аватар' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый аватар' });
  await dialog.getByLabel(/Файл с картинкой/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Загрузить' }).click();
  await expect(page.getByText('Ваши данные обновлены')).toBeVisible();
  await expect(menu.locator('img')).toHaveAttribute('src', /\/api\/user\/profile\/\d+\/image\?v=/);
  const image = await page.request.get((await menu.locator('img').getAttribute('src'))!);
  expect(image.headers()['content-type']).toBe('image/png');
});
