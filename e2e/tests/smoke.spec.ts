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

test('the demo mentor signs in and lands on the review queue; the staff home is beside it', async ({ page }) => {
  await signIn(page, { email: 'mentor@demo.academy', password: DEMO_PASSWORD });
  await page.waitForURL('**/mentor/review/table');
  await expect(page.getByRole('heading', { level: 1, name: 'Очередь проверки' })).toBeVisible();
  // the demo student's answer waits past its promise (server/src/db/seed-mentor-queue.ts)
  await expect(page.getByRole('row').filter({ hasText: 'Степан Студентов' })).toContainText('Просрочено');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('navigation', { name: 'Разделы кабинета' }).getByRole('link', { name: 'Кабинет сотрудника' }).click();
  await expect(page.getByRole('heading', { name: 'Кабинет сотрудника' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Открыть страницу студента: Степан Студентов/ })).toBeVisible();
});

test('the demo enrollee signs in on step 1, completes every step and sees 100 %', async ({ page }) => {
  await signIn(page, { email: 'enrollee@demo.academy', password: DEMO_PASSWORD });
  await page.waitForURL('**/enrollee/1');
  const progress = page.getByRole('progressbar');
  // the lecture counts when opened
  await expect(page.getByText('Лекция прочитана и засчитана.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Шаги' }).getByRole('link', { name: /^Шаг 1: .*, решён$/ })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  const next = async () => {
    await page.getByRole('link', { name: 'Следующий шаг' }).click();
    await expect(page.getByRole('button', { name: 'Проверить' })).toBeVisible();
  };
  const check = async () => {
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect(page.getByText('Правильное решение')).toBeVisible();
  };
  await next();
  await page.getByRole('radio', { name: /Разрабатывает интерфейсы/ }).check();
  await check();
  await next();
  await page.getByRole('textbox', { name: 'Ваш ответ' }).fill('html');
  await check();
  await next();
  const editor = page.getByRole('textbox', { name: 'Код решения' });
  await expect(editor).toBeAttached();
  await editor.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText("function hello() { return 'Привет!'; }");
  await check();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('link', { name: 'Следующий шаг' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoSeriousA11yIssues(page);
});
