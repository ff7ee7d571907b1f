import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues, signIn } from './helpers';

test('the demo student sees the course list with progress, opens a course, enrols in another and lands on its first task', async ({
  page,
}) => {
  await signIn(page, 'student@demo.academy');
  await page.waitForURL('**/user/courses');
  const regular = page.getByRole('region', { name: 'Основные курсы' });
  // the demo progress starts at 34 % (another spec may solve more tasks meanwhile)
  const js = regular.getByRole('listitem').filter({ hasText: 'JavaScript: основы' });
  const percent = Number(await js.getByRole('progressbar').getAttribute('aria-valuenow'));
  expect(percent).toBeGreaterThanOrEqual(34);
  await expect(js.getByRole('progressbar', { name: `Прогресс: ${percent}%` })).toBeVisible();
  await expect(js.getByText(`${percent}%`)).toBeVisible();
  await expect(regular.getByText('Этот курс нужно пройти полностью')).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await regular.getByRole('link', { name: 'JavaScript: основы' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'JavaScript: основы' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Модуль 1. Знакомство с JavaScript' })).toBeVisible();
  await expect(page.getByText('Решено 6 из 6')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Объявление функций' })).toBeVisible();
  await expect(page.getByText('Модуль закрыт: сначала пройдите предыдущий')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Функция суммы. Код: решено' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.getByRole('link', { name: '← Все курсы' }).click();
  await page.getByRole('link', { name: 'Алгоритмы для фронтендера' }).click();
  await page.getByRole('button', { name: 'Записаться на курс' }).click();
  await page.waitForURL(/\/user\/courses\/\d+\/1\/1\/1$/);
  await page.goto('/user/courses');
  await expect(
    page
      .getByRole('region', { name: 'Основные курсы' })
      .getByRole('listitem')
      .filter({ hasText: 'Алгоритмы для фронтендера' })
      .getByText('Вы учитесь'),
  ).toBeVisible();
});

test('the mentor opens the demo student’s course page with studentId and sees the student’s progress', async ({ page }) => {
  await signIn(page, 'mentor@demo.academy');
  await page.waitForURL('**/mentor/review/table');
  await page.getByRole('link', { name: /Открыть страницу студента: Степан Студентов/ }).click();
  await page.waitForURL(/\/user\/courses\?studentId=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Курсы студента' })).toBeVisible();
  await expect(page.getByText('Страница студента')).toBeVisible();
  await page.getByRole('region', { name: 'Основные курсы' }).getByRole('link', { name: 'JavaScript: основы' }).click();
  await page.waitForURL(/\/user\/courses\/\d+\?studentId=\d+$/);
  await expect(page.getByText('Решено 6 из 6')).toBeVisible();
  await expect(page.getByText(/^Решено [2-5] из 5$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Записаться на курс' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Меню профиля/ })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
});
