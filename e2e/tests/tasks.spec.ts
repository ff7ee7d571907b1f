import { expect } from '@playwright/test';
import { createUser, enrol, expectNoSeriousA11yIssues, PRACTICE, signIn, test } from './helpers';

test('a student solves a matching task and a TypeScript code task, and the course progress grows', async ({ page, request }) => {
  const student = await createUser(request, { paymentType: 'REGULAR' });
  await enrol(request, student, { openModules: true });
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  const card = page.getByRole('region', { name: 'Основные курсы' }).getByRole('listitem').filter({ hasText: PRACTICE });
  const before = Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'));
  await card.getByRole('link', { name: PRACTICE }).click();
  await page.getByRole('link', { name: 'Объявление функций' }).click();
  await page.getByRole('link', { name: /Термины о функциях/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Термины о функциях' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Проверить' })).toBeDisabled();
  // a wrong try first
  await page
    .getByRole('combobox', { name: 'Определение для «Параметр»' })
    .selectOption({ label: 'Значение, переданное функции при вызове' });
  await page
    .getByRole('combobox', { name: 'Определение для «Аргумент»' })
    .selectOption({ label: 'Имя в объявлении функции, под которым она получает значение' });
  await page
    .getByRole('combobox', { name: 'Определение для «return»' })
    .selectOption({ label: 'Возвращает значение из функции и завершает её' });
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByText('Неверное решение, проверьте ещё раз')).toBeVisible();
  await page
    .getByRole('combobox', { name: 'Определение для «Параметр»' })
    .selectOption({ label: 'Имя в объявлении функции, под которым она получает значение' });
  await page
    .getByRole('combobox', { name: 'Определение для «Аргумент»' })
    .selectOption({ label: 'Значение, переданное функции при вызове' });
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByText('Правильное решение')).toBeVisible();
  // a student with few points is invited to comment after the first right answer
  await page.getByRole('dialog', { name: 'Поделитесь опытом' }).getByRole('button', { name: 'Понятно' }).click();
  await expectNoSeriousA11yIssues(page);

  // the next step crosses to the next chapter; its second task is TypeScript code
  await page.getByRole('link', { name: 'Следующий шаг' }).click();
  await page.waitForURL(/\/2\/2\/1$/);
  await page
    .getByRole('navigation', { name: 'Задачи главы' })
    .getByRole('link', { name: /Палиндром на TypeScript/ })
    .click();
  const editor = page.getByRole('textbox', { name: 'Код решения' });
  await expect(editor).toBeAttached();
  // the editor starts plain (ace loads when the student reaches for it); the keys go on into ace
  await expect(page.locator('.ace_editor')).toHaveCount(0);
  await editor.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(
    "function isPalindrome(text: string): boolean { const s = text.toLowerCase().replace(/[^a-zа-яё0-9]/g, ''); return s === [...s].reverse().join(''); }",
  );
  await expect(page.locator('.ace_editor')).toHaveCount(1);
  await page.getByRole('button', { name: 'Проверить' }).click();
  const terminal = page.getByRole('region', { name: 'Результат проверки' });
  await expect(terminal.getByRole('listitem')).toHaveCount(4);
  await expect(terminal).toContainText('«шалаш» — палиндром: пройден');
  // the fixture's third and fourth tests are hidden: only their number and result are shown
  await expect(terminal).toContainText('Скрытый тест 3: пройден');
  await expect(terminal).not.toContainText('«код»');
  await expect(page.getByText('Правильное решение')).toBeVisible();

  await page.goto('/user/courses');
  const after = Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'));
  expect(after).toBeGreaterThan(before);
});
