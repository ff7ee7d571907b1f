import { act, screen, waitFor, within } from '@testing-library/react';
import { notificationsApi } from '@academy/shared/api';
import type { GeneralNotification } from '@academy/shared/contract';
import { apiData, apiFetch, createTestUser, renderWithProviders, signedInUser, signInAs } from '@academy/shared/testing';
import { renderShell } from '../../test-utils';
import { NotificationBell } from './notification-bell';

const XSS = '<p>Hello <strong>student</strong></p><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>';

/** A notification for one user through the test factory (no session needed), as the academy stores it. */
async function notifyUser(userId: number, input: { title: string; message?: string; link?: string; kind?: string }) {
  const response = await apiFetch('/__test__/notifications', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: '<p>Текст</p>', ...input, userId }),
  });
  if (!response.ok) throw new Error(`notification factory: HTTP ${response.status}`);
}

const bellButton = () => screen.getByRole('button', { name: /^Уведомления/ });

/** Shows or hides the tab as the browser does: the state and its event. */
function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

afterEach(() => {
  // back to the document's own visibility
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(document, 'hidden');
});

describe('the notification bell against the real server', () => {
  it('an important unread notification opens by itself once, its HTML sanitized; closing marks it read', async () => {
    const student = await createTestUser({ role: 'PAY_STUDENT', direction: 'FE' });
    await signedInUser({ role: 'CURATOR' });
    const endTime = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const published = await apiFetch('/api/staff/notifications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Плановые работы',
        message: XSS,
        important: true,
        endTime,
        audience: { kind: 'USER', userId: student.id },
      }),
    });
    expect(published.status).toBe(200);
    await notifyUser(student.id, { title: 'Обычное уведомление' });
    await signInAs(student);

    const { user } = renderShell('/user/courses');
    const dialog = await screen.findByRole('dialog', { name: 'Плановые работы' });
    expect(within(dialog).getByText('student').tagName).toBe('STRONG');
    expect(within(dialog).getByText('Важное')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/<img|onerror|<script/);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(bellButton()).toHaveAccessibleName('Уведомления, непрочитанных: 2');

    // the footer's button (the × in the corner has the same name)
    await user.click(within(dialog).getAllByRole('button', { name: 'Закрыть' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Уведомления, непрочитанных: 1'));
    const onServer = await apiData<GeneralNotification[]>('/api/student/generalNotification');
    expect(onServer.find((n) => n.title === 'Плановые работы')?.show).toBe(true);

    // once: a later list does not open it again; the ordinary one never opened by itself
    await user.click(bellButton());
    const panel = await screen.findByRole('region', { name: 'Уведомления' });
    expect(await within(panel).findByText('1 непрочитанное')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opening one from the list shows it, marks it read (the badge drops) and leads to its task', async () => {
    const student = await signedInUser({ role: 'PAY_STUDENT', direction: 'FE' });
    await notifyUser(student.id, {
      title: 'Ментор вернул работу на доработку',
      message: '<p>Откройте задачу «Список дел».</p><a href="javascript:alert(1)">ссылка</a>',
      kind: 'MENTOR_VERDICT',
      link: '/user/courses/1/3/2/1',
    });
    await notifyUser(student.id, { title: 'Другое уведомление' });

    const { user, location } = renderShell('/user/courses');
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Уведомления, непрочитанных: 2'));
    expect(screen.getByText('2', { selector: '.badge' })).toBeInTheDocument();
    await user.click(bellButton());
    const panel = await screen.findByRole('region', { name: 'Уведомления' });
    const item = await within(panel).findByRole('button', { name: /Ментор вернул работу на доработку/ });
    expect(item).toHaveTextContent('Проверка ментора');
    await user.click(item);

    const dialog = await screen.findByRole('dialog', { name: 'Ментор вернул работу на доработку' });
    expect(within(dialog).getByText('Откройте задачу «Список дел».')).toBeInTheDocument();
    expect(within(dialog).getByText('ссылка')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Уведомления, непрочитанных: 1'));
    expect(screen.getByText('1', { selector: '.badge' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Перейти к задаче' }));
    await waitFor(() => expect(location()).toBe('/user/courses/1/3/2/1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const onServer = await apiData<GeneralNotification[]>('/api/student/generalNotification');
    expect(onServer.filter((n) => !n.show).map((n) => n.title)).toEqual(['Другое уведомление']);
  });

  it('shows a friendly empty state', async () => {
    await signedInUser({ role: 'CHIEF_MANAGER' });
    const { user } = renderShell('/');
    await user.click(await screen.findByRole('button', { name: 'Уведомления' }));
    const panel = await screen.findByRole('region', { name: 'Уведомления' });
    expect(await within(panel).findByText(/Новых уведомлений нет/)).toBeInTheDocument();
  });

  it('polls while the tab is visible and makes no request while it is hidden', async () => {
    const student = await signedInUser({ role: 'PAY_STUDENT', direction: 'FE' });
    await notifyUser(student.id, { title: 'Первое' });
    renderWithProviders(<NotificationBell pollingInterval={150} />);
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Уведомления, непрочитанных: 1'));

    // visible: a new notification arrives with a poll
    await notifyUser(student.id, { title: 'Второе' });
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Уведомления, непрочитанных: 2'));

    // hidden: several intervals pass without a request (the list would show the third one)
    setTabHidden(true);
    await notifyUser(student.id, { title: 'Третье' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    expect(bellButton()).toHaveAccessibleName('Уведомления, непрочитанных: 2');
  });

  it('refreshes at once when the tab comes back, not a minute later', async () => {
    const student = await signedInUser({ role: 'PAY_STUDENT', direction: 'FE' });
    const { store } = renderWithProviders(<NotificationBell />);
    // the first list has arrived (a request still in flight on the return would be the only one: its
    // answer, read before the notification was written, would stand for a minute)
    await waitFor(() => expect(notificationsApi.endpoints.getNotifications.select()(store.getState()).isSuccess).toBe(true));
    expect(bellButton()).toHaveAccessibleName('Уведомления');
    setTabHidden(true);
    await notifyUser(student.id, { title: 'Пока вкладка была скрыта' });
    setTabHidden(false);
    // the spec's minute between polls is far away: only the return refreshes the list this soon
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Уведомления, непрочитанных: 1'), { timeout: 2000 });
  });
});
