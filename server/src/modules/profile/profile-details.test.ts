import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';
import { imageType } from './service';

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

describe.each(testDatabases())('profile details, avatars, language, meetings, mailbox on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post: TestApp['post'] = (...args) => t.post(...args);

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
