import { screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import type { ReactElement } from 'react';
import { api, createAcademyStore, notify } from '@academy/shared/api';
import type { ModuleView } from '@academy/shared/contract';
import { apiData, apiFetch, createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import StaffCourseActions from './staff-course-actions';
import StaffModuleActions from './staff-module-actions';

/**
 * The student's modules as their course page loads them in view-as-student mode: the same call and the
 * same `Course` tag (remote-student's courses-api), so the actions' refetch is the page's refetch.
 */
const coursePageApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getStaffActionsTestModules: build.query<ModuleView[], { courseId: number; studentId: number }>({
      query: ({ courseId, studentId }) => ({ url: `/api/fake/user/course/views/${courseId}`, params: { studentId } }),
      providesTags: (_r, _e, { courseId }) => [{ type: 'Course', id: courseId }],
    }),
  }),
});

/** The pieces where the course page puts them: the course's action, and each module's under its heading. */
function CoursePageStandIn({ courseId, courseName, studentId }: { courseId: number; courseName: string; studentId: number }) {
  const { data: modules } = coursePageApi.useGetStaffActionsTestModulesQuery({ courseId, studentId });
  if (!modules) return null;
  return (
    <>
      <StaffCourseActions courseId={courseId} courseName={courseName} modules={modules} studentId={studentId} />
      <ol>
        {modules.map((module) => (
          <li key={module.moduleId}>
            <h3>{`Модуль ${module.position}. ${module.name}`}</h3>
            <span className="chip">{`Решено ${module.solvedTaskAmount} из ${module.allTaskAmount}`}</span>
            {module.blocked && <p>Модуль закрыт</p>}
            <StaffModuleActions courseId={courseId} module={module} studentId={studentId} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** Renders with a store that records the notices the pieces raise (the shell shows them as toasts). */
function renderPieces(ui: ReactElement) {
  const raised: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (notify.match(action)) raised.push(action.payload.message);
    return next(action);
  };
  const store = createAcademyStore({ middleware: record });
  return { ...renderWithProviders(ui, { store }), raised };
}

/** An FE student enrolled in the review fixture course (its first module ends with a review step); returns the course id. */
async function enrolledStudent() {
  const student = await createTestUser({ direction: 'FE', firstName: 'Роза', lastName: `Курсовая${Date.now() % 100000}` });
  const response = await apiFetch('/__test__/enrolments', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ studentId: student.id, course: 'review' }),
  });
  const { courseId } = (await response.json()) as { courseId: number };
  return { student, courseId };
}

/** A module's card, by its heading. */
async function moduleCard(name: string): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { level: 3, name })).closest('li')!;
}

describe('staff actions on a student’s course (exposed to the course page) against the real server', () => {
  it('a mentor marks a module done, resets its review, and finishes the course after a confirmation', async () => {
    const { student, courseId } = await enrolledStudent();
    await signedInUser({ role: 'MENTOR' });
    const { user, raised } = renderPieces(
      <CoursePageStandIn courseId={courseId} courseName="Курс с ревью" studentId={student.id} />,
    );

    const first = await moduleCard('Модуль 1. Замыкания');
    const second = await moduleCard('Модуль 2. Асинхронность');
    expect(within(first).getByText('Решено 0 из 3', { selector: '.chip' })).toBeInTheDocument();
    expect(within(second).getByText('Модуль закрыт')).toBeInTheDocument();
    const firstActions = within(first).getByRole('group', { name: 'Действия сотрудника: модуль 1. Замыкания' });
    // the second module has no review step: nothing to reset there
    const secondActions = within(second).getByRole('group', { name: 'Действия сотрудника: модуль 2. Асинхронность' });
    expect(within(secondActions).queryByRole('button', { name: 'Сбросить ревью' })).not.toBeInTheDocument();

    await user.click(within(firstActions).getByRole('button', { name: 'Отметить модуль пройденным' }));
    await waitFor(() => expect(within(first).getByText('Решено 3 из 3', { selector: '.chip' })).toBeInTheDocument());
    expect(within(firstActions).getByText('Модуль пройден')).toBeInTheDocument();
    expect(within(second).queryByText('Модуль закрыт')).not.toBeInTheDocument();
    expect(raised).toContain('staffActions.moduleDone');

    await user.click(within(firstActions).getByRole('button', { name: 'Сбросить ревью' }));
    await waitFor(() => expect(within(first).getByText('Решено 2 из 3', { selector: '.chip' })).toBeInTheDocument());
    expect(raised).toContain('staffActions.reviewReset');

    await user.click(screen.getByRole('button', { name: 'Завершить курс' }));
    const dialog = await screen.findByRole('dialog', { name: 'Завершить курс за студента?' });
    expect(within(dialog).getByText('Все задачи курса «Курс с ревью» будут отмечены решёнными за студента.')).toBeInTheDocument();
    expect(within(dialog).getByText('Отменить это действие нельзя.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Завершить курс' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(first).getByText('Решено 3 из 3', { selector: '.chip' })).toBeInTheDocument());
    expect(within(second).getByText('Решено 1 из 1', { selector: '.chip' })).toBeInTheDocument();
    expect(raised).toContain('staffActions.courseFinished');
  });

  it('cancelling the confirmation finishes nothing; a refusal is told in the server’s words', async () => {
    const { student, courseId } = await enrolledStudent();
    const stranger = await createTestUser({ direction: 'FE' });
    await signedInUser({ role: 'MENTOR' });
    const modules = await apiData<ModuleView[]>(`/api/fake/user/course/views/${courseId}?studentId=${student.id}`);

    const { user, raised } = renderPieces(
      <>
        <StaffCourseActions courseId={courseId} courseName="Курс с ревью" modules={modules} studentId={student.id} />
        {/* a student not enrolled in the course: the server refuses */}
        <StaffCourseActions courseId={courseId} courseName="Курс с ревью" modules={modules} studentId={stranger.id} />
      </>,
    );
    const [own, strangers] = screen.getAllByRole('group', { name: 'Действия сотрудника с курсом' });
    await user.click(within(own!).getByRole('button', { name: 'Завершить курс' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const after = await apiData<ModuleView[]>(`/api/fake/user/course/views/${courseId}?studentId=${student.id}`);
    expect(after.map((module) => module.solvedTaskAmount)).toEqual([0, 0]);

    await user.click(within(strangers!).getByRole('button', { name: 'Завершить курс' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Завершить курс' }));
    await waitFor(() => expect(raised).toContain(`Студент ${stranger.id} не записан на этот курс.`));
    expect(raised).not.toContain('staffActions.courseFinished');
  });
});
