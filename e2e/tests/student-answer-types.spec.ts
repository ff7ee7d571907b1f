import { expect } from '@playwright/test';
import { createUser, signIn, test } from './helpers';

// Issue 29, item 11: the demo's "Git для командной работы" has a mentor check of each answer type; the
// LINK one (1/2/3) takes only an http(s) address, the SINGLE_LINE_TEXT one (1/2/4) one line of text.

test('a student sends a link and a one-line answer to the demo’s mentor checks of those types', async ({ page, request }) => {
  test.setTimeout(90_000);
  const student = await createUser(request, { direction: 'FE' });
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  await page.getByRole('link', { name: 'Git для командной работы' }).first().click();
  await page.getByRole('button', { name: 'Записаться на курс' }).click();
  await page.waitForURL(/\/user\/courses\/additional\/\d+\/1\/1\/1$/);
  const course = /\/additional\/(\d+)\//.exec(page.url())![1];

  await page.goto(`/user/courses/additional/${course}/1/2/3`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ссылка на вашу ветку' })).toBeVisible();
  const link = page.getByRole('textbox', { name: 'Ваш ответ' });
  await expect(link).toHaveAttribute('type', 'url');
  const send = page.getByRole('button', { name: 'Отправить ментору' });
  await link.fill('моя ветка feature/readme');
  await send.click();
  await expect(page.getByText('Ответ должен быть ссылкой, начинающейся с http:// или https://.')).toBeVisible();
  await expect(send).toBeDisabled();
  await link.fill('https://github.com/student/shop/tree/feature/readme');
  await send.click();
  await expect(page.getByText('Решение отправлено и ждёт проверки ментором.')).toBeVisible();

  await page.goto(`/user/courses/additional/${course}/1/2/4`);
  await expect(page.getByRole('heading', { level: 1, name: 'Сообщение коммита' })).toBeVisible();
  const line = page.getByRole('textbox', { name: 'Ваш ответ' });
  await expect(line).toHaveAttribute('type', 'text');
  await line.fill('Round formatPrice to the nearest integer');
  await page.getByRole('button', { name: 'Отправить ментору' }).click();
  await expect(page.getByText('Решение отправлено и ждёт проверки ментором.')).toBeVisible();
  await expect(line).toHaveValue('Round formatPrice to the nearest integer');
});
