import { screen, waitFor } from '@testing-library/react';
import { STAFF_ROLES, type RoleName } from '@academy/shared/contract';
import { AREAS, ROLE_PAGES, rootPathFor } from '@academy/shared/domain';
import { apiFetch, renderWithProviders, signedInUser } from '@academy/shared/testing';
import MentorApp from '../app';

const ROLE_NAMES: Partial<Record<RoleName, string>> = {
  ADMIN: 'администратор',
  MENTOR: 'ментор',
  CHIEF_MENTOR: 'главный ментор',
  CURATOR: 'куратор',
  MANAGER: 'менеджер',
  CHIEF_MANAGER: 'главный менеджер',
  CHIEF: 'руководитель',
};

/** Every staff area a role may open, with the role: the shell mounts the staff remote at each prefix. */
const STAFF_AREAS = STAFF_ROLES.flatMap((role) =>
  AREAS.filter((area) => area.remote === 'mentor' && area.roles.includes(role)).map((area) => ({ role, prefix: area.prefix })),
);

/** The area of a path (its first segment): the shell mounts the remote at `/{prefix}/*`. */
const prefixOf = (path: string) => path.split('/')[1]!;

// Spec 2 §2.17 and spec 1 §2: every staff role's password page works, and an unknown path in every
// staff area shows the staff 404 (signed in as the role, the admin panel, log out, or fix the link).
describe('staff password pages and the staff 404, for every staff role', () => {
  it('covers every staff role and area', () => {
    expect(new Set(STAFF_AREAS.map((a) => a.role))).toEqual(new Set(STAFF_ROLES));
    expect(new Set(STAFF_AREAS.map((a) => a.prefix))).toEqual(
      new Set(AREAS.filter((area) => area.remote === 'mentor').map((area) => area.prefix)),
    );
  });

  it.each(STAFF_ROLES)('%s: the password page opens with its three fields', async (role) => {
    await signedInUser({ role, direction: null });
    const path = ROLE_PAGES[role].password;
    renderWithProviders(<MentorApp />, { route: path, path: `/${prefixOf(path)}/*` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Смена пароля' })).toBeInTheDocument();
    expect(screen.getByLabelText('Текущий пароль')).toBeInTheDocument();
    expect(screen.getByLabelText('Новый пароль')).toBeInTheDocument();
    expect(screen.getByLabelText('Повторите новый пароль')).toBeInTheDocument();
  });

  it.each(STAFF_AREAS)('$role at /$prefix/no-such-page: the staff 404', async ({ role, prefix }) => {
    await signedInUser({ role, direction: null });
    renderWithProviders(<MentorApp />, { route: `/${prefix}/no-such-page/1`, path: `/${prefix}/*` });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(
      await screen.findByText(`Вы вошли как ${ROLE_NAMES[role]}. Для этой роли такой страницы нет.`, { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в панель управления' })).toHaveAttribute('href', rootPathFor(role));
    expect(screen.getByRole('button', { name: 'выйти' })).toBeInTheDocument();
    expect(screen.getByText(/или исправьте ссылку/)).toBeInTheDocument();
  });

  it('the 404’s log out ends the session and opens the sign-in page', async () => {
    await signedInUser({ role: 'CURATOR', direction: null });
    const { user } = renderWithProviders(<MentorApp />, { route: '/curator/nowhere', path: '/curator/*' });
    await user.click(await screen.findByRole('button', { name: 'выйти' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?param=logout'));
    expect((await apiFetch('/api/user/profile')).status).toBe(401);
  });
});
