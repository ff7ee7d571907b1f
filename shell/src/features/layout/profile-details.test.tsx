import { screen, within } from '@testing-library/react';
import { apiData, createTestUser, signInAs } from '@academy/shared/testing';
import type { Profile } from '@academy/shared/contract';
import { renderShell } from '../../test-utils';

/** Opens the profile menu's "Изменить данные" dialog of the signed-in user. */
async function openDetails(user: ReturnType<typeof renderShell>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Меню профиля/ }));
  await user.click(await screen.findByRole('button', { name: 'Изменить данные' }));
  return screen.findByRole('dialog', { name: 'Мои данные' });
}

describe('editing one’s own name and birthday (issue 29, item 18)', () => {
  it('saves the new name and birthday: the header shows the name, the server keeps both', async () => {
    const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR', firstName: 'Анна', lastName: 'Петрова' });
    const profile = await signInAs(student);
    const { user } = renderShell('/user/courses');
    const dialog = await openDetails(user);

    // the e-mail is shown, not editable: changing it needs the curator (spec 2 §5)
    expect(within(dialog).getByText(profile.email)).toBeInTheDocument();
    expect(within(dialog).getByText('Чтобы изменить e-mail, обратитесь к куратору')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /e-mail/i })).not.toBeInTheDocument();

    const first = within(dialog).getByRole('textbox', { name: 'Имя' });
    await user.clear(first);
    await user.type(first, 'Мария');
    const last = within(dialog).getByRole('textbox', { name: 'Фамилия' });
    await user.clear(last);
    await user.type(last, 'Петрова-Водкина');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'День' }), '7');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Месяц' }), '3');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Год' }), '2001');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Ваши данные обновлены')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Мои данные' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Меню профиля: Мария Петрова-Водкина' })).toBeInTheDocument();
    const saved = await apiData<Profile>('/api/user/profile');
    expect(saved).toMatchObject({ firstName: 'Мария', lastName: 'Петрова-Водкина', birthday: '07.03.2001' });

    // opened again, the dialog shows what was saved
    const again = await openDetails(user);
    expect(within(again).getByRole('textbox', { name: 'Имя' })).toHaveValue('Мария');
    expect(within(again).getByRole('combobox', { name: 'Месяц' })).toHaveValue('3');
    expect(within(again).getByRole('combobox', { name: 'Год' })).toHaveValue('2001');
  }, 30_000);

  it('shows every field’s error at once for bad input and sends nothing', async () => {
    const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR', firstName: 'Анна', lastName: 'Петрова' });
    await signInAs(student);
    const { user } = renderShell('/user/courses');
    const dialog = await openDetails(user);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Имя' }));
    const last = within(dialog).getByRole('textbox', { name: 'Фамилия' });
    await user.clear(last);
    await user.type(last, 'петров');
    // 31 February is not a day
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'День' }), '31');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Месяц' }), '2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Год' }), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    expect(await within(dialog).findByText('Заполните это поле')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Фамилия должна/)).toBeInTheDocument();
    expect(within(dialog).getByText('Укажите существующую дату рождения')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Имя' })).toHaveAttribute('aria-invalid', 'true');
    const saved = await apiData<Profile>('/api/user/profile');
    expect(saved).toMatchObject({ firstName: 'Анна', lastName: 'Петрова' });
  }, 30_000);

  it('shows the server’s refusal in the form and keeps the dialog open', async () => {
    const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR', firstName: 'Анна', lastName: 'Петрова' });
    await signInAs(student);
    const { user } = renderShell('/user/courses');
    const dialog = await openDetails(user);
    // the name rules pass; the server takes at most 60 characters
    const first = within(dialog).getByRole('textbox', { name: 'Имя' });
    await user.clear(first);
    await user.type(first, `А${'а'.repeat(70)}`);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'День' }), '1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Месяц' }), '1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Год' }), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/./);
    expect(screen.getByRole('dialog', { name: 'Мои данные' })).toBeInTheDocument();
    expect(await apiData<Profile>('/api/user/profile')).toMatchObject({ firstName: 'Анна' });
  }, 30_000);
});
