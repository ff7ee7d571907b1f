import { expect } from '@playwright/test';
import { createUser, enrol, expectNoSeriousA11yIssues, PRACTICE, signIn, test, uniqueName } from './helpers';

// The staff's students list and view-as-student mode (docs/courses.md, "Staff students list and view-as mode"):
// a curator finds a student by search and opens their course page as the student, with the student's
// name and mentor in the bar and the selector switching to another student at the same page.

test('a curator finds a student, opens their course page in view-as mode and switches to another student', async ({
  page,
  request,
}, testInfo) => {
  // six pages with axe on each: ~15 s alone, up to ~30 s beside another spec on two cores
  test.setTimeout(60_000);
  const surname = uniqueName('Искомая');
  const mentor = await createUser(request, { role: 'MENTOR', firstName: 'Инна', direction: null });
  const student = await createUser(request, { firstName: 'Вера', lastName: `${surname}а`, mentorId: mentor.id });
  const other = await createUser(request, { firstName: 'Глеб', lastName: `${surname}б` });
  const courseId = await enrol(request, student);
  await enrol(request, other);

  await signIn(page, await createUser(request, { role: 'CURATOR', direction: null }));
  await page.waitForURL('**/curator/students/all');
  await expect(page.getByRole('heading', { level: 2, name: 'Все студенты' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Поиск студента' }).fill(surname);
  const row = page.getByRole('row').filter({ hasText: `${surname}а Вера` });
  await expect(row).toContainText(`Инна ${mentor.lastName}`);
  await expect(row).toContainText(PRACTICE);
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(surname)}`));
  await page
    .getByRole('columnheader', { name: /Активность/ })
    .getByRole('button')
    .click();
  await expect(page.getByRole('columnheader', { name: /Активность/ })).toHaveAttribute('aria-sort', 'descending');
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('curator-students.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Сортировка' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('curator-students-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // the student's pages, as the student sees them
  await row.getByRole('link', { name: `Открыть страницу студента: Вера ${surname}а` }).click();
  await page.waitForURL(`**/user/courses?studentId=${student.id}`);
  const bar = page.getByRole('region', { name: 'Страница студента' });
  await expect(bar).toContainText(`${surname}а Вера`);
  await expect(bar).toContainText(`Ментор: Инна ${mentor.lastName}`);
  await page.getByRole('link', { name: PRACTICE }).first().click();
  await page.waitForURL(`**/user/courses/${courseId}?studentId=${student.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Действия сотрудника с курсом' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('view-as-course.png'), fullPage: true });

  // the selector: another student at the same page
  const search = bar.getByRole('combobox', { name: 'Открыть другого студента' });
  await search.fill(`${surname}б`);
  const option = page.getByRole('option', { name: new RegExp(`${surname}б Глеб`) });
  await expect(option).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await option.click();
  await page.waitForURL(`**/user/courses/${courseId}?studentId=${other.id}`);
  await expect(bar).toContainText(`${surname}б Глеб`);
  await expect(bar).toContainText('Ментор не назначен');
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('view-as-course-390.png'), fullPage: true });
});

test('a manager’s current students: no view-as pages', async ({ page, request }, testInfo) => {
  const surname = uniqueName('Текущая');
  await createUser(request, { firstName: 'Дина', lastName: surname });
  await signIn(page, await createUser(request, { role: 'MANAGER', direction: null }));
  await page.waitForURL('**/manager/students/current');
  await expect(page.getByRole('heading', { level: 2, name: 'Текущие студенты' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Поиск студента' }).fill(surname);
  await expect(page.getByRole('row').filter({ hasText: `${surname} Дина` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Открыть страницу студента/ })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: testInfo.outputPath('manager-students.png'), fullPage: true });
});
