import type { ReviewStatus, StudentReview, TaskHeading } from '@academy/shared/contract';
import { apiData, apiFetch, createTestUser, openCourseFor, signedInUser, type TestUser } from '@academy/shared/testing';
import { addDays, listDate, localToday } from '../../lib/review-dates';

/**
 * Data of the review tests, made through the real server: students enrolled in the fixture course
 * whose first module ends with a review step, slots planned through the test factory (until the
 * planning screen writes them) and outcomes recorded through it.
 */

export const REVIEW_COURSE = 'Курс с ревью';

/** The zone the page's own calls send (the browser's), so days are the same for the test and the page. */
export const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface ReviewCourse {
  courseId: number;
  /** the course's modules by position: the first ends with the review step */
  modules: number[];
  /** the first module's code task (a code debt) */
  codeTaskId: number;
}

/** Students of their own in the review course with every module opened by a mentor (signed in as the mentor). */
export async function reviewStudents(count: number, names: Array<{ firstName: string; lastName: string }> = []) {
  const students: TestUser[] = [];
  for (let i = 0; i < count; i += 1) students.push(await createTestUser({ direction: 'FE', ...names[i] }));
  const mentor = await signedInUser({ role: 'MENTOR', direction: 'FE' });
  let courseId = 0;
  for (const student of students) courseId = await openCourseFor(student.id, REVIEW_COURSE);
  const of = `studentId=${students[0]!.id}`;
  const modules = await apiData<Array<{ moduleId: number }>>(`/api/fake/user/course/views/${courseId}?${of}`);
  const heading = await apiData<TaskHeading>(
    `/api/fake/user/course/${courseId}/taskHeading?modulePosition=1&chapterPosition=1&${of}`,
  );
  const course: ReviewCourse = {
    courseId,
    modules: modules.map((m) => m.moduleId),
    codeTaskId: heading.taskHeadingDtos.find((task) => task.taskType === 'code')!.courseTaskId,
  };
  return { students, mentor, course };
}

/** A moment of a local day (`yyyy-mm-dd`) at hh:mm in the browser's zone. */
export function localAt(day: string, hours: number, minutes = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, hours, minutes);
}

/** Plans a slot of a module through the test factory; returns its id. */
export async function planSlot(moduleId: number, startsAt: Date, capacity = 1, link?: string): Promise<number> {
  const response = await apiFetch('/__test__/review-slots', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ moduleId, startsAt: startsAt.toISOString(), capacity, ...(link ? { link } : {}) }),
  });
  if (!response.ok) throw new Error(`review slot factory: HTTP ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}

/** Books a slot as the signed-in student, as the sign-up does. */
export async function bookSlot(slotId: number, moduleId: number): Promise<void> {
  const response = await apiFetch(`/api/student/review/register/${slotId}?moduleId=${moduleId}`, {
    method: 'POST',
    headers: { zoneId: zone },
  });
  const body = (await response.json()) as { success: boolean; error?: { text: string } };
  if (!body.success) throw new Error(`booking refused: ${body.error?.text}`);
}

/** The signed-in student's reviews from `from` to `to` (local days). */
export function ownReviews(from: string, to: string): Promise<StudentReview[]> {
  return apiData<StudentReview[]>('/api/student/review/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', zoneId: zone },
    body: JSON.stringify({ startTime: listDate(from), endTime: listDate(to), reviewStatus: null }),
  });
}

/** Books a slot as the signed-in student and records its outcome (the review's id). */
export async function bookedWithOutcome(
  slotId: number,
  moduleId: number,
  status: ReviewStatus,
  debts: { codeDebts?: Array<{ taskId: number; mentorComment: string }>; theoryDebts?: string[] } = {},
): Promise<number> {
  await bookSlot(slotId, moduleId);
  const today = localToday();
  const review = (await ownReviews(addDays(today, -60), addDays(today, 60))).find(
    (r) => r.status === 'WAITED' && r.moduleId === moduleId,
  )!;
  if (status !== 'WAITED') {
    const response = await apiFetch('/__test__/review-outcomes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reviewId: review.studentReviewId, status, ...debts }),
    });
    if (!response.ok) throw new Error(`review outcome factory: HTTP ${response.status}`);
  }
  return review.studentReviewId;
}
