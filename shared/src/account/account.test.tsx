import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useGetProfileQuery } from '@academy/shared/api';
import { apiFetch, renderWithProviders, signedInUser } from '@academy/shared/testing';
import { AvatarDialog, PasswordChangePage } from './index';

const PNG = Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));

function Avatar() {
  const profile = useGetProfileQuery().data;
  return profile ? <AvatarDialog profile={profile} open onClose={() => undefined} /> : null;
}

describe('account pages against the real server', () => {
  it('password change: live rules, the old password checked, then saved', async () => {
    const account = await signedInUser();
    const { user, unmount } = renderWithProviders(
      <Routes>
        <Route path="/user/password" element={<PasswordChangePage />} />
      </Routes>,
      { route: '/user/password' },
    );
    const save = await screen.findByRole('button', { name: 'Сохранить пароль' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Текущий пароль'), 'wrong-old');
    await user.type(screen.getByLabelText('Новый пароль'), '123');
    expect(screen.getByLabelText('Новый пароль')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Новый пароль')).toHaveAccessibleDescription('Пароль должен содержать от 6 до 30 символов');
    await user.type(screen.getByLabelText('Новый пароль'), '456');
    await user.type(screen.getByLabelText('Повторите новый пароль'), '123450');
    expect(screen.getByLabelText('Новый пароль')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Повторите новый пароль')).toHaveAccessibleDescription(
      'Новый и подтверждённый пароли не совпадают',
    );
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText('Повторите новый пароль'));
    await user.type(screen.getByLabelText('Повторите новый пароль'), '123456');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Текущий пароль указан неверно')).toBeInTheDocument();
    // the refusal goes with the next change
    await user.clear(screen.getByLabelText('Текущий пароль'));
    expect(screen.queryByText('Текущий пароль указан неверно')).not.toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Текущий пароль'), account.password);
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(screen.getByLabelText('Текущий пароль')).toHaveValue(''));
    // the user leaves the page (its profile refetch after the change shows nothing), then signs in anew
    unmount();
    const signIn = await apiFetch('/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account.email, password: '123456' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('avatar: a picture is uploaded and the profile shows it; a non-picture is refused before sending it', async () => {
    // jsdom has no object URLs (the preview)
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    const account = await signedInUser();
    const { user } = renderWithProviders(<Avatar />);
    const input = await screen.findByLabelText(/Файл с картинкой/);
    await user.upload(input, new File([PNG], 'me.png', { type: 'image/png' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый аватар' });
    await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    await waitFor(async () => {
      const me = (await (await apiFetch('/api/user/profile')).json()) as { data: { avatarUrl: string | null } };
      expect(me.data.avatarUrl).toContain(`/api/user/profile/${account.id}/image`);
    });
    // a file the picker's filter would hide, chosen anyway ("all files")
    fireEvent.change(input, { target: { files: [new File(['#!/bin/sh'], 'run.sh', { type: 'application/x-sh' })] } });
    expect(screen.getByText('Подойдёт картинка в формате GIF, JPEG или PNG')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Загрузить' })).toBeDisabled();
  });

  it('after a required change the user returns to the root of their role, 300 ms after the profile refresh', async () => {
    const account = await signedInUser({ role: 'PAY_STUDENT', direction: 'FE', mustChangePassword: true });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/user/password" element={<PasswordChangePage />} />
      </Routes>,
      { route: '/user/password' },
    );
    expect(await screen.findByText('Чтобы продолжить работу, смените пароль.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Текущий пароль'), account.password);
    await user.type(screen.getByLabelText('Новый пароль'), 'changed-1');
    await user.type(screen.getByLabelText('Повторите новый пароль'), 'changed-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/courses'));
  });
});
