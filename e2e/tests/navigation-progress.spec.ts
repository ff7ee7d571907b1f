import { expect } from '@playwright/test';
import { createUser, enrol, signIn, test } from './helpers';

// Issue 32: a navigation whose page is slow to come (its code held back 2.5 s here) shows a bar at the top
// while the old page stays; the bar goes with the new page.
test('a slow navigation shows the progress bar until the new page is there', async ({ page, request }) => {
  const user = await createUser(request, { paymentType: 'REGULAR' });
  const courseId = await enrol(request, user, { openModules: true });
  await signIn(page, user);
  await page.waitForURL('**/user/courses');
  await page.goto(`/user/courses/${courseId}`);
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await page.route('**/remotes/student/route-task*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue();
  });
  await page.getByRole('link', { name: 'Первые шаги' }).click();
  await expect(page.getByRole('progressbar', { name: 'Загрузка…' })).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Что такое JavaScript' })).toBeVisible({ timeout: 10000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});
