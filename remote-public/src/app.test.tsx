import { screen, waitFor, within } from '@testing-library/react';
import { birthYears } from '@academy/shared/accounts';
import { apiFetch, createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import PublicApp from './app';

const renderArea = (route: string) => renderWithProviders(<PublicApp />, { route, path: '/*' });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const latestMail = async (to: string) =>
  (await (await apiFetch(`/__test__/mail?to=${encodeURIComponent(to)}`)).json()) as {
    subject: string;
    body_text: string;
  };
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

async function pickBirthday(user: ReturnType<typeof renderArea>['user'], day: string, month: string, year: string) {
  const group = screen.getByRole('group', { name: /Дата рождения|Date of birth/ });
  const [d, m, y] = within(group).getAllByRole('combobox');
  await user.selectOptions(d!, day);
  await user.selectOptions(m!, month);
  await user.selectOptions(y!, year);
}

describe('public area against the real server', () => {
  it('the landing page offers every direction with free registration and the demo, and sign-in', async () => {
    renderArea('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Станьте разработчиком с Академией' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Начать бесплатно: Java-разработчик' })).toHaveAttribute(
      'href',
      '/start?direction=JAVA',
    );
    expect(screen.getByRole('link', { name: 'Пробный доступ: Фронтенд-разработчик' })).toHaveAttribute(
      'href',
      '/demo?direction=FE',
    );
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
  });

  it('free registration: a missing direction goes to /, rules in order, then signed in at /user/courses', async () => {
    renderArea('/start');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));

    const email = `new-${unique()}@example.org`;
    const { user } = renderArea('/start?direction=GO');
    await user.click(await screen.findByRole('button', { name: 'Зарегистрироваться' }));
    // every empty field says so at once (issue 29)
    expect(await screen.findAllByText('Заполните это поле')).toHaveLength(5);
    await user.type(screen.getByLabelText('Имя'), 'анна');
    await user.type(screen.getByLabelText('Фамилия'), 'Петрова');
    await user.type(screen.getByLabelText('E-mail'), email);
    await user.type(screen.getByLabelText('Пароль'), 'secret1');
    await pickBirthday(user, '31', 'февраль', '2001');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Укажите существующую дату рождения')).toBeInTheDocument();
    await pickBirthday(user, '28', 'февраль', '2001');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText(/Имя должно начинаться с заглавной буквы/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Имя'));
    await user.type(screen.getByLabelText('Имя'), 'Анна');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/user/courses'));
    const me = (await (await apiFetch('/api/user/profile')).json()) as {
      data: { email: string; direction: string; paymentType: string };
    };
    expect(me.data).toMatchObject({ email, direction: 'GO', paymentType: 'REGULAR' });
  });

  it('free registration in English on /demo/en; a taken e-mail shows the server’s text and the button comes back', async () => {
    const taken = await createTestUser();
    const { user } = renderArea('/demo/en?direction=MQA');
    expect(await screen.findByRole('heading', { name: 'Trial access' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Ivan');
    await user.type(screen.getByLabelText('Last name'), 'Petrov');
    await user.type(screen.getByLabelText('E-mail'), taken.email);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await pickBirthday(user, '1', 'January', '1990');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/A user with this e-mail is already registered/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });

  it('an invitation: the e-mail from the token, read-only; passwords must match; success goes to /login?param=start', async () => {
    await signedInUser({ role: 'ADMIN' });
    const email = `invited-${unique()}@example.org`;
    const made = await apiFetch('/api/admin/invitations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'PAY_STUDENT', paymentType: 'UNTIL_PAID', direction: 'FE' }),
    });
    const link = ((await made.json()) as { data: { link: string } }).data.link;
    await apiFetch('/token', { method: 'DELETE' });
    const { user } = renderArea(new URL(link).pathname);
    expect(await screen.findByLabelText('E-mail')).toHaveValue(email);
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Имя'), 'Олег');
    await user.type(screen.getByLabelText('Фамилия'), 'Сидоров');
    await user.type(screen.getByLabelText('Пароль'), 'secret1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'secret2');
    await pickBirthday(user, '5', 'июнь', '1999');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Вы ввели два разных пароля')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Повторите пароль'));
    await user.type(screen.getByLabelText('Повторите пароль'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?param=start'));
  });

  it('a bad invitation link goes to /login?param=invalidRegToken', async () => {
    renderArea(`/registration/enrollee/${'x'.repeat(43)}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?param=invalidRegToken'));
  });

  it('recovery: the e-mail form, then the mailed link sets a new password that signs in', async () => {
    const account = await createTestUser();
    const { user, unmount } = renderArea('/recovery-pass');
    await user.type(await screen.findByLabelText('E-mail'), account.email);
    await user.click(screen.getByRole('button', { name: 'Прислать ссылку' }));
    expect(await screen.findByText(/Если такой адрес есть в Академии/)).toBeInTheDocument();
    unmount();

    const mail = await latestMail(account.email);
    const link = new URL(linkIn(mail.body_text));
    const view = renderArea(`${link.pathname}${link.search}`);
    await view.user.type(await screen.findByLabelText('Новый пароль', { selector: 'input' }), 'fresh-pass');
    await view.user.type(screen.getByLabelText('Повторите новый пароль'), 'fresh-pas');
    await view.user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Новый и подтверждённый пароли не совпадают')).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Повторите новый пароль'), 's');
    await view.user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?param=successRecovery'));
    // /login is the shell's page: the area leaves the screen before the new password signs in
    view.unmount();
    const signIn = await apiFetch('/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account.email, password: 'fresh-pass' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('recovery with a used or made-up token shows the invalid-token page', async () => {
    renderArea(`/recovery-pass?token=${'z'.repeat(43)}&lang=ru`);
    expect(await screen.findByRole('heading', { name: 'Токен недействителен' })).toBeInTheDocument();
    expect(screen.getByText('Ссылка устарела или токен недействителен')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'на главную страницу' })).toHaveAttribute('href', '/');
    // issue 29: "ask for a new link" is a link to the form that sends one
    expect(screen.getByRole('link', { name: 'Запросите новую ссылку' })).toHaveAttribute('href', '/recovery-pass');
    await waitFor(() => expect(document.title).toBe('Токен недействителен — Академия'));
  });

  it('the meeting page without a code says so and offers no Connect button (issue 29)', async () => {
    renderArea('/meet');
    expect(await screen.findByText(/В ссылке нет кода встречи/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подключиться' })).not.toBeInTheDocument();
  });

  it('the English journey stays English: the landing links to /start/en, the form, the footer and the legal pages (issue 29)', async () => {
    const view = renderWithProviders(<PublicApp />, { route: '/', path: '/*', language: 'en' });
    expect(await screen.findByRole('link', { name: 'Start for free: Java developer' })).toHaveAttribute(
      'href',
      '/start/en?direction=JAVA',
    );
    expect(screen.getByRole('link', { name: 'Try the demo: Frontend developer' })).toHaveAttribute(
      'href',
      '/demo/en?direction=FE',
    );
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy_policy');
    await waitFor(() => expect(document.title).toBe('Learn to code — Academy'));
    view.unmount();

    // /start follows the interface's language too, not only /start/en
    const utils = renderWithProviders(<PublicApp />, { route: '/start?direction=GO', path: '/*', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Registration — Academy'));
    utils.unmount();

    renderWithProviders(<PublicApp />, { route: '/privacy_policy', path: '/*', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '9. Additional terms' })).toBeInTheDocument();
    expect(screen.getByText(/the Russian text of the document is the binding one/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Privacy policy — Academy'));
  });

  it('registration shows every field’s error at once, and offers no birth year after the youngest age (issue 29)', async () => {
    const { user } = renderArea('/start?direction=FE');
    await user.type(await screen.findByLabelText('Имя'), 'анна');
    await user.type(screen.getByLabelText('Пароль'), '123');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText(/Имя должно начинаться с заглавной буквы/)).toBeInTheDocument();
    expect(screen.getByLabelText('Фамилия')).toHaveAccessibleDescription('Заполните это поле');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Заполните это поле');
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription('Пароль должен содержать не менее 6 символов');
    const group = screen.getByRole('group', { name: 'Дата рождения' });
    const [day, , year] = within(group).getAllByRole('combobox');
    expect(day).toHaveAccessibleDescription('Заполните это поле');
    const years = within(year!)
      .getAllByRole('option')
      .slice(1)
      .map((option) => Number(option.textContent));
    expect(years[0]).toBe(birthYears().to);
    expect(years.at(-1)).toBe(1950);
    expect(years[0]).toBeLessThanOrEqual(new Date().getFullYear() - 14);
    expect(document.title).toBe('Регистрация — Академия');
  });

  it('the meeting page shows the error text for an unknown code', async () => {
    const { user } = renderArea('/meet?linkCode=unknown-code');
    await user.click(await screen.findByRole('button', { name: 'Подключиться' }));
    expect(await screen.findByText('Недействительный токен')).toBeInTheDocument();
  });

  it("an English page gets the server's error in English, whatever the browser asks for", async () => {
    const { user } = renderWithProviders(<PublicApp />, { route: '/meet?linkCode=unknown-code', path: '/*', language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Invalid token')).toBeInTheDocument();
  });

  it('the legal pages are written out with the configured details', async () => {
    renderArea('/legal_entity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Реквизиты' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@academy.local' })).toHaveAttribute('href', 'mailto:support@academy.local');
    renderArea('/privacy_policy');
    expect(await screen.findByText('Редакция от 24 мая 2018 года')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '9. Дополнительные условия' })).toBeInTheDocument();
  });
});
