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

describe.each(testDatabases())('profile details, avatars, language, meetings on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

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

  it('profile details take the spec’s fields only: another field is a 400 naming it, and changes nothing', async () => {
    const user = await t.userWithSession();
    const put = (payload: object) =>
      t.inject({ method: 'PUT', url: '/api/user/profile', payload, headers: { cookie: user.cookie } });
    const details = { id: user.id, firstName: 'Пётр', lastName: 'Иванов' };
    const sneaky = await put({ ...details, role: 'ADMIN', paymentType: 'REGULAR' });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().error.text).toMatch(/role: is not an allowed field/);
    const me = (await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: user.cookie } })).json().data;
    expect(me).toMatchObject({ firstName: 'Тест', role: { name: 'PAY_STUDENT' }, paymentType: 'UNTIL_PAID' });
    expect((await put(details)).statusCode).toBe(200);
  });

  it('avatars follow the profile rules: read by whom may read the profile, changed by oneself or an administrator', async () => {
    const admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    const student = await t.userWithSession();
    const classmate = await t.userWithSession();
    const javaStudent = await t.userWithSession({ direction: 'JAVA' });
    const enrollee = await t.userWithSession({ role: 'STUDENT' });
    const image = (id: number, cookie: string) =>
      t.inject({ method: 'GET', url: `/api/user/profile/${id}/image`, headers: { cookie } });
    // reading: oneself, staff, a classmate of the same direction; not another direction, not an enrollee
    expect((await image(student.id, student.cookie)).statusCode).toBe(200);
    expect((await image(student.id, classmate.cookie)).statusCode).toBe(200);
    expect((await image(admin.id, (await t.userWithSession({ role: 'MENTOR' })).cookie)).statusCode).toBe(200);
    expect((await image(student.id, javaStudent.cookie)).statusCode).toBe(404);
    expect((await image(admin.id, student.cookie)).statusCode).toBe(404);
    expect((await image(student.id, enrollee.cookie)).statusCode).toBe(403);
    expect((await image(424242, admin.cookie)).statusCode).toBe(404);
    // writing: any staff role but ADMIN may not replace someone else's picture (the administrator's included)
    const upload = (userId: number, cookie: string) =>
      t.inject({
        method: 'POST',
        url: `/api/user/profile/image?userId=${userId}`,
        ...multipart('a.gif', GIF),
        headers: { ...multipart('a.gif', GIF).headers, cookie },
      });
    for (const role of ['MENTOR', 'CHIEF_MENTOR', 'CURATOR', 'MANAGER', 'CHIEF_MANAGER', 'CHIEF'] as const) {
      const staff = await t.userWithSession({ role, direction: null });
      expect((await upload(admin.id, staff.cookie)).statusCode).toBe(403);
    }
    expect((await upload(admin.id, admin.cookie)).statusCode).toBe(200);
    expect((await upload(student.id, admin.cookie)).statusCode).toBe(200);
  });

  it('avatar: by content, at most 2 MB, oneself or an administrator; served with a default picture', async () => {
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
    const admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    expect((await upload(other.id, multipart('a.gif', GIF), admin.cookie)).json().data.avatarUrl).toContain(
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
    // spec 1: "form field lang": a multipart form (`curl -F lang=ru`) is a form too
    const boundary = 'academy-form-boundary';
    const multipart = await t.inject({
      method: 'POST',
      url: '/api/locale/select_lang',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="lang"\r\n\r\nru\r\n--${boundary}--\r\n`,
      headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.json()).toEqual({ success: true, data: 'ru', error: null });
    const multipartWithout = await t.inject({
      method: 'POST',
      url: '/api/locale/select_lang',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nen\r\n--${boundary}--\r\n`,
      headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipartWithout.statusCode).toBe(400);
    expect(multipartWithout.json().error.text).toMatch(/lang/);
    await t.inject({
      method: 'POST',
      url: '/api/locale/select_lang',
      payload: { lang: 'en' },
      headers: { cookie: user.cookie },
    });
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
