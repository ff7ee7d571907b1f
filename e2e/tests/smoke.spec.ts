import { expect } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSeriousA11yIssues, signIn, test } from './helpers';

// The one spec that uses the demo accounts of `npm start` (server/src/db/seed.ts): every other spec makes
// its own users, so the demo data may change without breaking them.

test('the demo student signs in and lands on the course list', async ({ page }) => {
  await signIn(page, { email: 'student@demo.academy', password: DEMO_PASSWORD });
  await page.waitForURL('**/user/courses');
  await expect(page.getByRole('button', { name: /Меню профиля: Степан Студентов/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Разделы студента' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Основные курсы' }).getByRole('link').first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});

test('the demo mentor signs in and lands on the staff home', async ({ page }) => {
  await signIn(page, { email: 'mentor@demo.academy', password: DEMO_PASSWORD });
  await page.waitForURL('**/mentor/review/table');
  await expect(page.getByRole('heading', { name: 'Кабинет сотрудника' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Открыть страницу студента: Степан Студентов/ })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});
