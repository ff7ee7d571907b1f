import { screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { api, createAcademyStore, notify } from '@academy/shared/api';
import type { ModuleView } from '@academy/shared/contract';
import { apiData, createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import StaffCourseActions from './staff-course-actions';
import StaffModuleActions from './staff-module-actions';

/** The student's course as their course page loads it in view-as mode: the same calls, the same `Course` tag. */
const coursePageApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getEnrolTestModules: build.query<ModuleView[], { courseId: number; studentId: number }>({
      query: ({ courseId, studentId }) => ({ url: `/api/fake/user/course/views/${courseId}`, params: { studentId } }),
      providesTags: (_r, _e, { courseId }) => [{ type: 'Course', id: courseId }],
    }),
    getEnrolTestEnrolling: build.query<boolean, { courseId: number; studentId: number }>({
      query: ({ courseId, studentId }) => ({ url: `/api/fake/user/course/${courseId}/is-enrolling`, params: { studentId } }),
      providesTags: (_r, _e, { courseId }) => [{ type: 'Course', id: courseId }],
    }),
  }),
});

/** The pieces where the course page puts them, told whether the student is enrolled as the page is. */
function CoursePageStandIn({ courseId, studentId }: { courseId: number; studentId: number }) {
  const { data: modules } = coursePageApi.useGetEnrolTestModulesQuery({ courseId, studentId });
  const { data: enrolled } = coursePageApi.useGetEnrolTestEnrollingQuery({ courseId, studentId });
  if (!modules || enrolled === undefined) return null;
  return (
    <>
      <p>{enrolled ? 'Записан' : 'Не записан'}</p>
      <StaffCourseActions
        courseId={courseId}
        courseName="Практикум"
        modules={modules}
        studentId={studentId}
        enrolled={enrolled}
      />
      <ol>
        {modules.map((module) => (
          <li key={module.moduleId}>
            <h3>{`Модуль ${module.position}. ${module.name}`}</h3>
            {module.blocked && <p>Модуль закрыт</p>}
            <StaffModuleActions courseId={courseId} module={module} studentId={studentId} enrolled={enrolled} />
          </li>
        ))}
      </ol>
    </>
  );
}

function renderPieces(courseId: number, studentId: number) {
  const raised: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (notify.match(action)) raised.push(action.payload.message);
    return next(action);
  };
  const store = createAcademyStore({ middleware: record });
  return { ...renderWithProviders(<CoursePageStandIn courseId={courseId} studentId={studentId} />, { store }), raised };
}

/** A module's card, by its heading. */
async function moduleCard(name: string): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { level: 3, name })).closest('li')!;
}

async function practiceFor(studentId: number): Promise<number> {
  const courses = await apiData<Array<{ id: number; name: string }>>(`/api/fake/user/course/all-views?studentId=${studentId}`);
  return courses.find((course) => course.name === 'Практикум: JavaScript')!.id;
}

describe('staff enrol a student on their behalf (the course page’s pieces) against the real server', () => {
  it('enrol in the course after a confirmation; then open a blocked module', async () => {
    const student = await createTestUser({ direction: 'FE' });
    await signedInUser({ role: 'CURATOR', direction: null });
    const courseId = await practiceFor(student.id);
    const { user, raised } = renderPieces(courseId, student.id);

    const course = await screen.findByRole('group', { name: 'Действия сотрудника с курсом' });
    expect(within(course).getByText('Студент не записан на этот курс.')).toBeInTheDocument();
    expect(within(course).queryByRole('button', { name: 'Завершить курс' })).not.toBeInTheDocument();
    // not enrolled: each module offers the enrolment into it, nothing else
    const second = screen.getByRole('group', { name: 'Действия сотрудника: модуль 2. Функции' });
    expect(
      within(second)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Записать в этот модуль']);

    await user.click(within(course).getByRole('button', { name: 'Записать на курс' }));
    const dialog = await screen.findByRole('dialog', { name: 'Записать студента на курс?' });
    expect(within(dialog).getByText(/курс «Практикум»/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await apiData<boolean>(`/api/fake/user/course/${courseId}/is-enrolling?studentId=${student.id}`)).toBe(false);

    await user.click(within(course).getByRole('button', { name: 'Записать на курс' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Записать' }));
    expect(await screen.findByText('Записан')).toBeInTheDocument();
    expect(raised).toContain('staffActions.enrolled');
    expect(await within(course).findByRole('button', { name: 'Завершить курс' })).toBeInTheDocument();

    // module 2 is blocked until module 1 is done: staff open it
    const moduleTwo = await moduleCard('Модуль 2. Функции');
    expect(within(moduleTwo).getByText('Модуль закрыт')).toBeInTheDocument();
    await user.click(within(moduleTwo).getByRole('button', { name: 'Открыть модуль' }));
    const open = await screen.findByRole('dialog', { name: 'Открыть модуль студенту?' });
    await user.click(within(open).getByRole('button', { name: 'Открыть модуль' }));
    await waitFor(() => expect(within(moduleTwo).queryByText('Модуль закрыт')).not.toBeInTheDocument());
    expect(raised).toContain('staffActions.moduleOpened');
    expect(within(moduleTwo).queryByRole('button', { name: 'Открыть модуль' })).not.toBeInTheDocument();
  });

  it('enrol straight into a later module: the course and that module at once', async () => {
    const student = await createTestUser({ direction: 'FE' });
    await signedInUser({ role: 'MENTOR', direction: null });
    const courseId = await practiceFor(student.id);
    const { user, raised } = renderPieces(courseId, student.id);
    const third = await screen.findByRole('group', { name: 'Действия сотрудника: модуль 3. Массивы и объекты' });
    await user.click(within(third).getByRole('button', { name: 'Записать в этот модуль' }));
    const dialog = await screen.findByRole('dialog', { name: 'Записать студента в модуль?' });
    expect(within(dialog).getByText(/откроется модуль «Массивы и объекты»/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Записать' }));
    expect(await screen.findByText('Записан')).toBeInTheDocument();
    expect(raised).toContain('staffActions.enrolled');
    const modules = await apiData<ModuleView[]>(`/api/fake/user/course/views/${courseId}?studentId=${student.id}`);
    expect(modules.map((module) => module.blocked)).toEqual([false, true, false]);
  });
});
