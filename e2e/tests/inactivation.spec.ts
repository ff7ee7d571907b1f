import { expect, type Page } from '@playwright/test';
import { createUser, expectNoSeriousA11yIssues, signIn, test, type UserInput } from './helpers';

type Reason = NonNullable<UserInput['inactivationReason']>;

/** The legal pages of an area, as its footer links them, with their (Russian) headings. */
const LEGAL = [
  { link: 'Контакты', path: 'contacts', heading: 'Контакты' },
  { link: 'Реквизиты', path: 'legal_entity', heading: 'Реквизиты' },
  { link: 'Публичная оферта', path: 'public_offer', heading: 'Публичная оферта' },
] as const;

/** Follows each footer link of the area and checks the page opens there (not sent back to the reason's page). */
async function openFooterLinks(page: Page, prefix: string): Promise<void> {
  for (const { link, path, heading } of LEGAL) {
    const footer = page.getByRole('navigation', { name: 'Информация об Академии' });
    await footer.getByRole('link', { name: link, exact: true }).click();
    await page.waitForURL(`**/${prefix}/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/${prefix}/${path}`);
  }
}

/** Signs out from the profile menu and checks the session is gone. */
async function exitFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Меню профиля/ }).click();
  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.waitForURL('**/login?param=logout');
  // the page leaves first, then ends the session
  await expect.poll(async () => (await page.request.get('/api/user/profile')).status()).toBe(401);
}

const STUDENT_PAGES: Array<{ reason: Reason; lands: string; title: string }> = [
  { reason: 'EXPELLED', lands: '/user/inactive', title: 'Обучение остановлено' },
  { reason: 'PAYMENT_OVERDUE', lands: '/user/inactive', title: 'Обучение ждёт оплаты' },
  { reason: 'WAITING_FOR_STREAM', lands: '/user/inactive', title: 'Ваш поток скоро начнётся' },
  { reason: 'PASSWORD_CHANGE_REQUIRED', lands: '/user/password', title: 'Смена пароля' },
];

for (const { reason, lands, title } of STUDENT_PAGES) {
  test(`a student with ${reason} is sent to ${lands} on every navigation, keeps the legal pages and signs out`, async ({
    page,
    request,
  }) => {
    const student = await createUser(request, { role: 'PAY_STUDENT', paymentType: 'UNTIL_PAID', inactivationReason: reason });
    await signIn(page, student);
    await page.waitForURL(`**${lands}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    for (const path of ['/user/courses', '/user/statistic', '/user/review']) {
      await page.goto(path);
      await page.waitForURL(`**${lands}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }

    // the server refuses what the page no longer shows, and keeps the session
    const refused = await page.request.get('/api/student/generalNotification');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toMatchObject({ key: 'accountInactive', text: expect.stringContaining('неактивна') });
    expect((await page.request.get('/api/user/profile')).status()).toBe(200);

    await openFooterLinks(page, 'user');
    await exitFromMenu(page);
  });
}

test('an enrollee waiting for a stream: the enrollee page, clean for axe on a phone, the legal pages, sign-out', async ({
  page,
  request,
}) => {
  const enrollee = await createUser(request, {
    role: 'STUDENT',
    paymentType: 'UNTIL_PAID',
    inactivationReason: 'WAITING_FOR_STREAM',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, enrollee);
  await page.waitForURL('**/enrollee/inactive');
  await expect(page.getByRole('heading', { level: 1, name: 'Вы зачислены: ждём начала потока' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Контакты Академии' })).toHaveAttribute('href', '/enrollee/contacts');
  await expectNoSeriousA11yIssues(page);
  await page.goto('/enrollee/2');
  await page.waitForURL('**/enrollee/inactive');
  expect((await page.request.get('/api/enrollee/directionTask/heading?directionTaskPosition=1')).status()).toBe(403);

  await openFooterLinks(page, 'enrollee');
  await page.goto('/enrollee/inactive');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.waitForURL('**/login?param=logout');
});

test('the inactive page is clean for axe, in English too', async ({ page, request }) => {
  const student = await createUser(request, { role: 'PAY_STUDENT', inactivationReason: 'PAYMENT_OVERDUE' });
  await signIn(page, student);
  await page.waitForURL('**/user/inactive');
  await expect(page.getByRole('heading', { level: 1, name: 'Обучение ждёт оплаты' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your studies are awaiting payment' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});

test('a reason set while the student works: the next page sends them to it without signing them out', async ({
  page,
  request,
}) => {
  const student = await createUser(request, { role: 'PAY_STUDENT' });
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  // the course list has loaded: no call of the page is still on its way when the reason is set
  await page.waitForLoadState('networkidle');
  const set = await request.post('/__test__/users/inactivation', { data: { userId: student.id, reason: 'EXPELLED' } });
  expect(set.ok()).toBe(true);
  // the next page sends them there, or a call the open page makes first (it may win the race with the
  // click, and then the link is gone with the page)
  await page
    .getByRole('link', { name: 'Статистика' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForURL('**/user/inactive');
  await expect(page.getByRole('heading', { level: 1, name: 'Обучение остановлено' })).toBeVisible();

  // lifted: "Check again" opens the academy
  await request.post('/__test__/users/inactivation', { data: { userId: student.id, reason: null } });
  await page.getByRole('button', { name: 'Проверить снова' }).click();
  await page.waitForURL('**/user/courses');
});

test('the footer of the student area leads to its legal pages', async ({ page, request }) => {
  const student = await createUser(request, { role: 'PAY_STUDENT' });
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  await openFooterLinks(page, 'user');
});

for (const { role, prefix, name, home } of [
  { role: 'MENTOR', prefix: 'mentor', name: 'ментор', home: '/mentor/review/table' },
  { role: 'CURATOR', prefix: 'curator', name: 'куратор', home: '/curator/students/all' },
] as const) {
  test(`an unknown ${prefix} page shows the staff 404 with the way back`, async ({ page, request }) => {
    const staff = await createUser(request, { role, direction: null });
    await signIn(page, staff);
    await page.waitForURL(`**${home}`);
    await page.goto(`/${prefix}/no-such-page`);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(page.getByText(`Вы вошли как ${name}. Для этой роли такой страницы нет.`)).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('link', { name: 'Перейти в панель управления' }).click();
    await page.waitForURL(`**${home}`);
    await page.goto(`/${prefix}/no-such-page`);
    await page.getByRole('button', { name: 'выйти' }).click();
    await page.waitForURL('**/login?param=logout');
  });
}
