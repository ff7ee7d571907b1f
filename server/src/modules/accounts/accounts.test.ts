import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';
import { imageType } from '../profile/service';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');
const ELF = Buffer.from('7f454c460201010000000000000000000300', 'hex');

/** A multipart/form-data body with one file field. */
function multipart(name: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = '----academytest';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const FREE = {
  firstName: 'Анна',
  lastName: 'Петрова-Водкина',
  email: 'anna@example.org',
  password: 'secret1',
  paymentType: 'REGULAR',
  direction: 'JAVA',
  birthday: '29.02.2000',
};

describe.each(testDatabases())('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie?: string) =>
    t.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const lastMail = async (to: string) =>
    t.database.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirst();
  const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

  it('free registration: every rule in the spec’s order with its message, then signed in with remember-me', async () => {
    const cases: Array<[object, string, string]> = [
      [{ firstName: ' ' }, 'register.allFields', 'Все поля должны быть заполнены'],
      [{ birthday: '31.02.2000' }, 'register.birthday', 'Укажите существующую дату рождения'],
      [{ birthday: '01.01.1949' }, 'register.birthday', 'Укажите существующую дату рождения'],
      [
        { firstName: 'анна' },
        'register.firstName',
        'Имя должно начинаться с заглавной буквы, содержать не менее 2 символов и только буквы',
      ],
      [{ firstName: 'А' }, 'register.firstName', expect.any(String) as unknown as string],
      [{ lastName: 'Петрова--' }, 'register.lastName', expect.any(String) as unknown as string],
      [{ password: '12345' }, 'register.passwordShort', 'Пароль должен содержать не менее 6 символов'],
      [{ email: 'anna@example' }, 'register.email', 'Неверный формат e-mail'],
      [{ direction: 'PHP' }, 'register.direction', expect.any(String) as unknown as string],
    ];
    for (const [change, key, text] of cases) {
      const reply = await post('/api/registration/free/ru', { ...FREE, ...change });
      expect([reply.statusCode, reply.json().error]).toEqual([400, expect.objectContaining({ key, text })]);
    }
    const english = await post('/api/registration/free/en', { ...FREE, email: 'x' });
    expect(english.json().error.text).toBe('Invalid Email format');
    expect((await post('/api/registration/free/ru', { ...FREE, paymentType: 'UNTIL_PAID' })).statusCode).toBe(400);

    const reply = await post('/api/registration/free/ru', FREE);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({
      role: { name: 'PAY_STUDENT' },
      paymentType: 'REGULAR',
      direction: 'JAVA',
      birthday: '29.02.2000',
    });
    const cookie = reply.headers['set-cookie'] as string;
    expect(cookie).toMatch(/academy_session=.*Max-Age=2592000/);
    const me = await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: cookie.split(';')[0]! } });
    expect(me.json().data.email).toBe('anna@example.org');

    const again = await post('/api/registration/free/ru', { ...FREE, email: 'ANNA@example.org' });
    expect(again.json().error).toMatchObject({ key: 'register.emailTaken' });
  });

  it('invitations: made by an admin only, mailed, read by token, single use, expiring, per kind', async () => {
    const admin = await t.userWithSession({ role: 'ADMIN' });
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    const invite = { email: 'invitee@example.org', role: 'PAY_STUDENT', paymentType: 'UNTIL_PAID', direction: 'FE' };
    expect((await post('/api/admin/invitations', invite, mentor.cookie)).statusCode).toBe(403);
    expect((await post('/api/admin/invitations', { ...invite, role: 'ADMIN' }, admin.cookie)).statusCode).toBe(400);
    const made = await post('/api/admin/invitations', invite, admin.cookie);
    const { link } = made.json().data as { link: string };
    expect(link).toMatch(/^http:\/\/academy\.test\/registration\/[\w-]{40,}$/);
    const mail = await lastMail('invitee@example.org');
    expect(mail).toMatchObject({ subject: 'Приглашение в Академию' });
    expect(linkIn(mail!.body_text)).toBe(link);
    const hash = link.split('/').pop()!;

    expect((await post('/api/registration/token_info', { hash })).json().data).toEqual({ email: 'invitee@example.org' });
    // a student invitation is not an enrollee one, and a made-up token is refused
    expect((await post('/api/registration/enrollee/token_info', { hash })).json().error.key).toBe('register.invalidToken');
    expect((await post('/api/registration/token_info', { hash: 'x'.repeat(43) })).json().error.key).toBe('register.invalidToken');

    const form = {
      firstName: 'Олег',
      lastName: 'Сидоров',
      email: 'ignored@example.org',
      password: 'secret1',
      confirmPassword: 'secret1',
      day: 5,
      month: 6,
      year: 1999,
      hash,
    };
    expect((await post('/api/registration', { ...form, confirmPassword: 'secret2' })).json().error.key).toBe(
      'register.passwordsDiffer',
    );
    expect((await post('/api/registration', { ...form, day: 31, month: 4 })).json().error.key).toBe('register.birthday');
    // two submissions at once: one account
    const [a, b] = await Promise.all([post('/api/registration', form), post('/api/registration', form)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'invitee@example.org')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'PAY_STUDENT', payment_type: 'UNTIL_PAID', direction: 'FE', first_name: 'Олег' });
    expect((await post('/api/registration/token_info', { hash })).json().error.key).toBe('register.invalidToken');

    // enrollee invitation, no confirmation, birthday as text; an expired one is refused
    const enrollee = await post(
      '/api/admin/invitations',
      { ...invite, email: 'enrollee-inv@example.org', role: 'STUDENT' },
      admin.cookie,
    );
    const enrolleeHash = (enrollee.json().data.link as string).split('/').pop()!;
    expect(enrollee.json().data.link).toContain('/registration/enrollee/');
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'enrollee-inv@example.org')
      .execute();
    const expired = await post('/api/registration/enrollee', {
      firstName: 'Ира',
      lastName: 'Козлова',
      password: 'secret1',
      birthday: '01.02.2003',
      hash: enrolleeHash,
    });
    expect(expired.json().error.key).toBe('register.invalidToken');
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() + 3600_000) })
      .where('email', '=', 'enrollee-inv@example.org')
      .execute();
    const registered = await post('/api/registration/enrollee', {
      firstName: 'Ира',
      lastName: 'Козлова',
      password: 'secret1',
      birthday: '01.02.2003',
      hash: enrolleeHash,
    });
    expect(registered.statusCode).toBe(200);
    const signIn = await post('/token', { username: 'enrollee-inv@example.org', password: 'secret1' });
    expect(signIn.json().data.role.name).toBe('STUDENT');
  });

  it('recovery: the same answer for any e-mail, a mailed one-hour single-use link, rate-limited', async () => {
    const user = await t.createUser();
    expect((await post('/api/recovery-password/send-recovery-link/ru', { email: 'nobody@example.org' })).json()).toMatchObject({
      success: true,
      data: true,
    });
    expect(await lastMail('nobody@example.org')).toBeUndefined();
    const sent = await post('/api/recovery-password/send-recovery-link/ru', { email: user.email.toUpperCase() });
    expect(sent.json()).toMatchObject({ success: true, data: true });
    const mail = await lastMail(user.email);
    expect(mail!.subject).toBe('Восстановление пароля в Академии');
    const link = new URL(linkIn(mail!.body_text));
    expect(link.pathname).toBe('/recovery-pass');
    const token = link.searchParams.get('token')!;

    expect((await t.inject({ method: 'GET', url: `/api/recovery-password/ensure?token=${token}&locale=ru` })).json().data).toBe(
      true,
    );
    const bad = await t.inject({ method: 'GET', url: `/api/recovery-password/ensure?token=${'y'.repeat(43)}&locale=en` });
    expect(bad.json().error).toMatchObject({
      key: 'recovery.invalidToken',
      text: 'The link has expired or the token is not valid',
    });

    const session = await t.signIn(user);
    const reset = (password: string, confirmPassword = password) =>
      post('/api/recovery-password/reset', { token, password, confirmPassword });
    expect((await reset('12345')).json().error.key).toBe('password.length');
    expect((await reset('newpass1', 'newpass2')).json().error.key).toBe('password.mismatch');
    expect((await reset('newpass1')).statusCode).toBe(200);
    expect((await reset('newpass1')).json().error.key).toBe('recovery.invalidToken');
    // every session ended; the new password works
    expect((await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: session } })).statusCode).toBe(401);
    expect((await post('/token', { username: user.email, password: 'newpass1' })).statusCode).toBe(200);

    // an expired link
    await post('/api/recovery-password/send-recovery-link/ru', { email: user.email });
    const second = new URL(linkIn((await lastMail(user.email))!.body_text)).searchParams.get('token')!;
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('used_at', 'is', null)
      .execute();
    expect((await t.inject({ method: 'GET', url: `/api/recovery-password/ensure?token=${second}` })).statusCode).toBe(400);

    // three requests per e-mail an hour
    const limited = await post('/api/recovery-password/send-recovery-link/ru', { email: user.email });
    expect(limited.statusCode).toBe(200);
    expect((await post('/api/recovery-password/send-recovery-link/ru', { email: user.email })).statusCode).toBe(429);
    expect((await post('/api/recovery-password/send-recovery-link/ru', { email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('password change: the old password is checked, 6–30, the forced change is lifted, other sessions end', async () => {
    const user = await t.createUser();
    await t.database.db
      .updateTable('users')
      .set({ inactivation_reason: 'PASSWORD_CHANGE_REQUIRED' })
      .where('id', '=', user.id)
      .execute();
    const here = await t.signIn(user);
    const elsewhere = await t.signIn(user);
    const change = (oldPassword: string, newPassword: string) =>
      t.inject({
        method: 'PUT',
        url: '/api/user/profile/password',
        payload: { oldPassword, newPassword },
        headers: { cookie: here },
      });
    expect((await change(user.password, '123')).json().error.key).toBe('password.length');
    expect((await change(user.password, 'x'.repeat(31))).json().error.key).toBe('password.length');
    expect((await change('wrong-old', 'newpass1')).json().error.key).toBe('password.wrongOld');
    const done = await change(user.password, 'newpass1');
    expect(done.json().data.inactivation).toBeNull();
    expect((await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: here } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'PUT', url: '/api/user/profile/password', payload: { oldPassword: 'a', newPassword: 'bbbbbb' } }))
        .statusCode,
    ).toBe(401);
  });

  it('profile details: names and birthday for oneself; the e-mail only through a curator', async () => {
    const user = await t.userWithSession();
    const me = (await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: user.cookie } })).json().data;
    const put = (payload: object) =>
      t.inject({ method: 'PUT', url: '/api/user/profile', payload, headers: { cookie: user.cookie } });
    const details = { id: user.id, firstName: 'Пётр', lastName: 'Иванов', email: me.email, birthday: '12.04.1998' };
    expect((await put(details)).json().data).toMatchObject({ firstName: 'Пётр', birthday: '12.04.1998' });
    expect((await put({ ...details, email: 'new@example.org' })).json().error).toMatchObject({
      key: 'profile.emailChange',
      text: 'Чтобы изменить e-mail, обратитесь к куратору',
    });
    expect((await put({ ...details, firstName: 'пётр' })).json().error.key).toBe('register.firstName');
    expect((await put({ ...details, birthday: '30.02.1998' })).json().error.key).toBe('register.birthday');
    const other = await t.createUser();
    expect((await put({ ...details, id: other.id })).statusCode).toBe(403);
  });

  it('avatar: by content, at most 2 MB, oneself or staff; served with a default picture', async () => {
    const user = await t.userWithSession();
    const upload = (userId: number, file: ReturnType<typeof multipart>, cookie = user.cookie) =>
      t.inject({
        method: 'POST',
        url: `/api/user/profile/image?userId=${userId}`,
        ...file,
        headers: { ...file.headers, cookie },
      });
    const image = (id: number) =>
      t.inject({ method: 'GET', url: `/api/user/profile/${id}/image`, headers: { cookie: user.cookie } });

    const none = await image(user.id);
    expect(none.headers['content-type']).toMatch(/^image\/svg\+xml/);

    expect((await upload(user.id, multipart('photo.gif', PNG, 'image/gif'))).json().data.avatarUrl).toMatch(
      new RegExp(`^/api/user/profile/${user.id}/image\\?v=`),
    );
    const served = await image(user.id);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.from(served.rawPayload).equals(PNG)).toBe(true);

    const exe = await upload(user.id, multipart('avatar.png', ELF, 'image/png'));
    expect(exe.json().error).toMatchObject({ key: 'avatar.badType' });
    const huge = await upload(user.id, multipart('big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'image/png'));
    expect(huge.json().error).toMatchObject({ key: 'avatar.tooLarge' });
    expect((await image(user.id)).headers['content-type']).toBe('image/png');

    const other = await t.createUser();
    expect((await upload(other.id, multipart('a.gif', GIF))).statusCode).toBe(403);
    const curator = await t.userWithSession({ role: 'CURATOR' });
    expect((await upload(other.id, multipart('a.gif', GIF), curator.cookie)).json().data.avatarUrl).toContain(
      `/api/user/profile/${other.id}/image`,
    );
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/user/profile/image?userId=${user.id}`,
          headers: { cookie: user.cookie },
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
  });

  it('language choice is remembered; meeting links resolve; the site details are public', async () => {
    const user = await t.userWithSession();
    const chosen = await t.inject({
      method: 'POST',
      url: '/api/locale/select_lang',
      payload: 'lang=en',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(chosen.json().data).toBe('en');
    expect(
      (await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: user.cookie } })).json().data.language,
    ).toBe('en');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/locale/select_lang',
          payload: { lang: 'de' },
          headers: { cookie: user.cookie },
        })
      ).statusCode,
    ).toBe(400);

    await t.database.db
      .insertInto('meet_links')
      .values({ code: 'abc', url: 'https://meet.example.org/abc', title: 'Ревью' })
      .execute();
    expect((await t.inject({ method: 'GET', url: '/api/meet/link?linkCode=abc' })).json().data).toBe(
      'https://meet.example.org/abc',
    );
    const missing = await t.inject({
      method: 'GET',
      url: '/api/meet/link?linkCode=nope',
      headers: { 'accept-language': 'en-US' },
    });
    expect(missing.json().error).toMatchObject({ key: 'meet.invalidToken', text: 'Invalid token' });

    expect((await t.inject({ method: 'GET', url: '/api/public/site' })).json().data.supportEmail).toBe('support@academy.local');
  });

  it('the development mailbox lists the mails, only from this machine', async () => {
    await post('/api/recovery-password/send-recovery-link/ru', { email: 'mailbox@example.org' });
    const page = await t.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Почта для разработки');
    expect((await t.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '10.0.0.5' })).statusCode).toBe(404);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: '/dev/mailbox',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '127.0.0.1' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('image types by content', () => {
  it('knows gif, jpeg and png by their first bytes, and nothing else', () => {
    expect(imageType(PNG)).toBe('image/png');
    expect(imageType(GIF)).toBe('image/gif');
    expect(imageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageType(ELF)).toBeNull();
    expect(imageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
