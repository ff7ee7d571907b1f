import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, signedInUser } from '@academy/shared/testing';
import { StudentErrorBoundary } from './student-error-boundary';

/** Whether the page below fails when it renders. */
const page = { broken: true };
function FlakyPage() {
  if (page.broken) throw new Error('the course list exploded');
  return <h1>Курсы</h1>;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

// Spec 2 §2.17: the student error page (title, about text, sub text, icon) for failures in the area.
describe('the student error page', () => {
  it('replaces a failed page, logs the error, and a retry renders the page again', async () => {
    await signedInUser({ role: 'PAY_STUDENT' });
    page.broken = true;
    const { user } = renderWithProviders(
      <StudentErrorBoundary resetKey="/user/courses">
        <FlakyPage />
      </StudentErrorBoundary>,
      { route: '/user/courses', path: '/user/*' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Что-то сломалось' })).toBeInTheDocument();
    expect(screen.getByText(/не открылась из-за ошибки на нашей стороне/)).toBeInTheDocument();
    expect(screen.getByText(/Попробуйте ещё раз или вернитесь к курсам/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К курсам' })).toHaveAttribute('href', '/user/courses');
    expect(console.error).toHaveBeenCalledWith('Student area error', expect.any(Error), expect.any(String));
    expect(screen.queryByText('the course list exploded')).not.toBeInTheDocument();

    page.broken = false;
    await user.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Курсы' })).toBeInTheDocument();
  });

  it('keeps the student in view-as mode on the way back, in English too', async () => {
    const student = await signedInUser({ role: 'PAY_STUDENT' });
    await signedInUser({ role: 'MENTOR' });
    page.broken = true;
    renderWithProviders(
      <StudentErrorBoundary resetKey="/user/statistic">
        <FlakyPage />
      </StudentErrorBoundary>,
      { route: `/user/statistic?studentId=${student.id}`, path: '/user/*', language: 'en' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Something broke' })).toBeInTheDocument();
    // the page status is known once the profile is: the link then keeps the student
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to courses' })).toHaveAttribute(
        'href',
        `/user/courses?studentId=${student.id}`,
      ),
    );
  });
});
