import { expect, type Locator, type Page } from '@playwright/test';
import { createUser, enrol, expectNoSeriousA11yIssues, signIn, test } from './helpers';

// Issue 32: ordering and matching by drag and drop, with the mouse and with the keyboard (the ordering's
// handles, the matching's selects), on a desktop and at 360 px. Screenshots go to DND_SHOTS when set.
const SHOTS = process.env.DND_SHOTS;
const RIGHT_ORDER = [
  'Браузер загружает HTML-страницу',
  'Браузер встречает тег script и загружает файл',
  'Движок разбирает код',
  'Движок выполняет код',
];

async function student(page: Page, request: Parameters<typeof createUser>[0]): Promise<number> {
  const user = await createUser(request, { paymentType: 'REGULAR' });
  const courseId = await enrol(request, user, { openModules: true });
  await signIn(page, user);
  await page.waitForURL('**/user/courses');
  return courseId;
}

/** Drags with the mouse, in steps (dnd-kit starts a drag after a few pixels of movement). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1)
    await page.mouse.move(
      a.x + a.width / 2 + ((b.x - a.x) * i) / 10,
      a.y + a.height / 2 + ((b.y + b.height / 2 - a.y - a.height / 2) * i) / 10,
    );
  await page.mouse.up();
}

for (const width of [1280, 360]) {
  test(`ordering by mouse and by keyboard at ${width} px, then checked right`, async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    const page = await context.newPage();
    const courseId = await student(page, request);
    await page.goto(`/user/courses/${courseId}/1/2/3`);
    await expect(page.getByRole('heading', { level: 1, name: 'Порядок выполнения программы' })).toBeVisible();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    const handles = page.getByRole('button', { name: /^Перетащить «/ });
    await expect(handles).toHaveCount(4);

    // the keyboard: the first item's handle, Space to pick up, Down, Space to drop
    const first = (await handles.first().getAttribute('aria-label'))!.replace(/^Перетащить «|»$/g, '');
    await handles.first().focus();
    // a person's pace: the sensor measures the list between the keys
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect(page.getByRole('button', { name: /^Перетащить «/ }).nth(1)).toHaveAttribute(
      'aria-label',
      `Перетащить «${first}»`,
    );

    // the mouse: the last item dragged to the top
    const last = (await handles.last().getAttribute('aria-label'))!.replace(/^Перетащить «|»$/g, '');
    await drag(page, handles.last(), handles.first());
    await expect(page.getByRole('button', { name: /^Перетащить «/ }).first()).toHaveAttribute(
      'aria-label',
      `Перетащить «${last}»`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // then the right order with the plain buttons ("выше"), and checked
    for (const [target, text] of RIGHT_ORDER.entries()) {
      for (;;) {
        const labels = await page
          .getByRole('button', { name: /^Перетащить «/ })
          .evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')));
        const at = labels.indexOf(`Перетащить «${text}»`);
        if (at <= target) break;
        await page.getByRole('button', { name: `Переместить «${text}» выше` }).click();
      }
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ordering-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect(page.getByText('Правильное решение')).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await context.close();
  });
}

test('matching: a definition dragged onto its term, the rest chosen with the keyboard, then checked right', async ({
  page,
  request,
}) => {
  const courseId = await student(page, request);
  await page.goto(`/user/courses/${courseId}/2/1/3`);
  await expect(page.getByRole('heading', { level: 1, name: 'Термины о функциях' })).toBeVisible();
  await expect(page.locator('#prerendered')).toHaveCount(0);
  const parameter = page.getByRole('combobox', { name: 'Определение для «Параметр»' });
  const chip = page.getByText('Имя в объявлении функции, под которым она получает значение', { exact: true }).first();
  await drag(page, chip, parameter);
  await expect(parameter.locator('option:checked')).toHaveText('Имя в объявлении функции, под которым она получает значение');
  // the keyboard: the selects
  await page.getByRole('combobox', { name: 'Определение для «Аргумент»' }).focus();
  await page
    .getByRole('combobox', { name: 'Определение для «Аргумент»' })
    .selectOption({ label: 'Значение, переданное функции при вызове' });
  await page
    .getByRole('combobox', { name: 'Определение для «return»' })
    .selectOption({ label: 'Возвращает значение из функции и завершает её' });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/matching.png`, fullPage: true });
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByText('Правильное решение')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});
