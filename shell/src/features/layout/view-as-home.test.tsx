import { screen, waitFor } from '@testing-library/react';
import { createTestUser, signedInUser } from '@academy/shared/testing';
import { renderShell } from '../../test-utils';

describe('the way back to the staff pages in view-as mode (issue 29, item 21)', () => {
  it('a mentor viewing a student’s pages has a link to their own home in the header', async () => {
    const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR' });
    await signedInUser({ role: 'MENTOR' });
    const { user, location } = renderShell(`/user/courses?studentId=${student.id}`);
    const back = await screen.findByRole('link', { name: 'К рабочему месту' });
    expect(back).toHaveAttribute('href', '/mentor/review/table');
    await user.click(back);
    await waitFor(() => expect(location()).toBe('/mentor/review/table'));
  });

  it('a curator’s link leads to the curator’s home', async () => {
    const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR' });
    await signedInUser({ role: 'CURATOR' });
    renderShell(`/user/courses?studentId=${student.id}`);
    expect(await screen.findByRole('link', { name: 'К рабочему месту' })).toHaveAttribute('href', '/curator/students/all');
  });

  it('a paying student viewing a classmate gets no such link', async () => {
    const classmate = await createTestUser({ direction: 'FE', paymentType: 'REGULAR' });
    await signedInUser({ direction: 'FE', paymentType: 'REGULAR' });
    renderShell(`/user/courses?studentId=${classmate.id}`);
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'К рабочему месту' })).not.toBeInTheDocument();
  });
});
