import { expect } from '@playwright/test';
import { createUser, expectNoSeriousA11yIssues, signIn, test } from './helpers';

// The chief mentor's view of the review queue (docs/courses.md, "Mentor queue"): every mentor's answers, the
// filters, reassigning; on a phone every answer is a card. The mentor's journey through the queue is in
// course-journey.spec.ts.

test('the chief mentor filters the queue by mentor and overdue answers and reassigns one; a phone shows cards', async ({
  page,
  request,
}, testInfo) => {
  const own = await createUser(request, { role: 'MENTOR', firstName: 'Инна' });
  const helper = await createUser(request, { role: 'MENTOR', firstName: 'Вера' });
  // a student of the first mentor, whose answer waits past its promise (24 h)
  const student = await createUser(request, { firstName: 'Ольга', mentorId: own.id });
  const waiting = async (studentId: number, minutesAgo: number) => {
    const reply = await request.post('/__test__/waiting-answers', { data: { studentId, minutesAgo } });
    expect(reply.ok(), await reply.text()).toBe(true);
  };
  await waiting(student.id, 30 * 60);

  await signIn(page, await createUser(request, { role: 'CHIEF_MENTOR' }));
  await page.waitForURL('**/chief/review/planning');
  await page.getByRole('navigation', { name: 'Разделы кабинета' }).getByRole('link', { name: 'Очередь проверки' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Очередь проверки' })).toBeVisible();
  const whose = page.getByRole('combobox', { name: 'Чьи ответы' });
  await whose.selectOption({ label: `Инна ${own.lastName} — ждут: 1` });
  await page.getByRole('checkbox', { name: 'Только просроченные' }).check();
  const row = page.getByRole('row').filter({ hasText: `Ольга ${student.lastName}` });
  await expect(row).toContainText('Просрочено');
  await expect(row).toContainText('опоздание 6 ч');
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('chief-queue.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('chief-queue-390.png'), fullPage: true });

  await row.getByRole('button', { name: /^Передать другому ментору/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Передать ответ другому ментору' });
  await dialog.getByRole('combobox', { name: 'Ментор' }).selectOption({ label: `Вера ${helper.lastName} — ждут: 0` });
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Передать' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Просроченных ответов нет.')).toBeVisible();
  await whose.selectOption({ label: `Вера ${helper.lastName} — ждут: 1` });
  await expect(page.getByRole('row').filter({ hasText: `Ольга ${student.lastName}` })).toContainText(
    `передан: Вера ${helper.lastName}`,
  );
});
