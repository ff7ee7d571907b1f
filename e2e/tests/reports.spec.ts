import { expect } from '@playwright/test';
import { createUser, expectNoSeriousA11yIssues, signIn, test } from './helpers';

test('a student who skipped yesterday’s report must write it first, then goes on to the reports', async ({ page, request }) => {
  // a paying (UNTIL_PAID) student whose account is older than yesterday and who wrote no report for it
  const student = await createUser(request, {
    paymentType: 'UNTIL_PAID',
    isViewReport: true,
    createdDaysAgo: 5,
    firstName: 'Ярослав',
  });
  await signIn(page, student);

  const dialog = page.getByRole('dialog', { name: 'Отчёт за вчера' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Прежде чем продолжить')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  // it cannot be dismissed: Escape leaves it open, and there is no close button
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Закрыть' })).toHaveCount(0);

  // the form refuses an empty report with the spec's messages, then takes a real one
  await dialog.getByRole('button', { name: 'Отправить отчёт' }).click();
  await expect(dialog.getByText('Напишите, что сделано')).toBeVisible();
  await dialog.getByLabel('Сколько часов вы учились').fill('3');
  await dialog.getByLabel('Что сделано').fill('Разобрал замыкания и решил две задачи модуля 1');
  await dialog.getByRole('button', { name: 'Отправить отчёт' }).click();
  await expect(dialog).toBeHidden();

  // the student continues to the reports page, and a reload asks no more
  await page.goto('/user/report');
  await expect(page.getByRole('heading', { name: 'Все отчёты' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Все отчёты' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Отчёт за вчера' })).toHaveCount(0);
  // the server agrees: the student's profile no longer asks for yesterday's report
  const profile = (await (await page.request.get('/api/user/profile')).json()) as { data: { requireCreateReport: boolean } };
  expect(profile.data.requireCreateReport).toBe(false);
  await expectNoSeriousA11yIssues(page);
});
