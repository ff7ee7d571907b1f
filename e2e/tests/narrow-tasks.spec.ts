import { expect } from '@playwright/test';
import { API_HEADERS, createUser, signIn, test } from './helpers';

// Issue 32, "every kind works on a phone": in each direction's main demo course, the first task of every
// kind opened at 360 px scrolls only down (the page is never wider than the screen), with its answer
// form and after a wrong answer's marks. Screenshots go to NARROW_SHOTS when it is set.
const COURSES = ['js-basics', 'java-basics', 'go-basics', 'qa-sql'] as const;
const SHOTS = process.env.NARROW_SHOTS;

interface HeadingItem {
  taskType: string;
  taskTitle: string;
}

for (const course of COURSES) {
  test(`${course}: the first task of every kind fits a 360 px screen`, async ({ browser, request }) => {
    test.slow();
    const student = await createUser(request, {
      paymentType: 'REGULAR',
      direction: course === 'java-basics' ? 'JAVA' : course === 'go-basics' ? 'GO' : course === 'qa-sql' ? 'MQA' : 'FE',
    });
    const enrolled = await request.post('/__test__/enrolments', { data: { studentId: student.id, course, openModules: true } });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);
    const { courseId } = (await enrolled.json()) as { courseId: number };
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'ru-RU',
      extraHTTPHeaders: API_HEADERS,
    });
    const page = await context.newPage();
    await signIn(page, student);
    await page.waitForURL('**/user/courses');

    // every chapter's tasks, from the course's modules and each chapter's heading
    const modules = (await (await page.request.get(`/api/student/course/views/${courseId}`)).json()).data as Array<{
      chapterViewDtos: unknown[];
    }>;
    const seen = new Set<string>();
    const addresses: Array<{ kind: string; title: string; address: string }> = [];
    for (const [mi, module] of modules.entries()) {
      const chapters = module.chapterViewDtos.length;
      for (let c = 1; c <= chapters; c += 1) {
        const heading = await (
          await page.request.get(`/api/student/course/${courseId}/taskHeading?modulePosition=${mi + 1}&chapterPosition=${c}`)
        ).json();
        for (const [ti, item] of ((heading.data?.taskHeadingDtos ?? []) as HeadingItem[]).entries()) {
          if (seen.has(item.taskType)) continue;
          seen.add(item.taskType);
          addresses.push({
            kind: item.taskType,
            title: item.taskTitle,
            address: `/user/courses/${courseId}/${mi + 1}/${c}/${ti + 1}`,
          });
        }
      }
    }
    expect(addresses.length).toBeGreaterThanOrEqual(6);

    const wide: string[] = [];
    for (const { kind, title, address } of addresses) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('#prerendered')).toHaveCount(0);
      // the body is there (a skeleton is narrow whatever the body would be)
      await page
        .locator('.task-body .skeleton')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      const check = page.getByRole('button', { name: 'Проверить' });
      if ((await check.count()) > 0 && (await check.isEnabled())) {
        await check.click();
        await page.waitForTimeout(300);
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) wide.push(`${kind} (${address}): ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${course}-${kind}.png`, fullPage: true });
    }
    expect(wide).toEqual([]);
    await context.close();
  });
}
