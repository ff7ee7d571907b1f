import { expect } from '@playwright/test';
import { createUser, enrol, expectNoSeriousA11yIssues, signIn, test } from './helpers';

// Issue 32, dark mode: the academy follows the system's theme, and the profile menu's switch overrides it
// in this browser (kept across reloads, from the first paint). The code editor takes ace's dark theme.
// Every page's axe check in both themes is the every-page walk's part.
test('the theme follows the system, and the profile menu switches it for good', async ({ page, request }) => {
  const student = await createUser(request, { paymentType: 'REGULAR', direction: 'FE' });
  const courseId = await enrol(request, student, { openModules: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // the system's preference changes: the page follows it without a reload
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');

  // the switch, by keyboard: the menu's button, then the dark theme's
  await page.getByRole('button', { name: /^Меню профиля/ }).focus();
  await page.keyboard.press('Enter');
  const switcher = page.getByRole('group', { name: 'Тема' });
  await expect(switcher.getByRole('button', { name: 'Системная' })).toHaveAttribute('aria-pressed', 'true');
  await switcher.getByRole('button', { name: 'Тёмная' }).focus();
  await page.keyboard.press('Enter');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(switcher.getByRole('button', { name: 'Тёмная' })).toHaveAttribute('aria-pressed', 'true');
  // the open menu, in the theme chosen (the page's light one is the walk's part)
  await expectNoSeriousA11yIssues(page);

  // kept: a light system, a reload, and the page is dark from its first paint (the boot script's part)
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/user/courses/${courseId}/2/1/2`, { waitUntil: 'commit' });
  await page.waitForSelector('body');
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
  // the code editor, once reached for, in ace's dark theme
  const editor = page.getByRole('textbox', { name: 'Код решения' });
  await editor.focus();
  await expect(page.locator('.ace-tomorrow-night')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 19, 28)');

  // back to the system's theme: light again, and the editor with it
  await page.getByRole('button', { name: /^Меню профиля/ }).click();
  await page.getByRole('group', { name: 'Тема' }).getByRole('button', { name: 'Системная' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('.ace-tomorrow')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('academy.theme'))).toBeNull();
});
