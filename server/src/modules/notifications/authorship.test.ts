import type { StaffNotification, StaffNotificationInput } from '@academy/shared/contract';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

const STAFF = '/api/staff/notifications';

const draft = (title: string, overrides: Partial<StaffNotificationInput> = {}): StaffNotificationInput => ({
  title,
  message: `<p>${title}</p>`,
  important: false,
  endTime: null,
  audience: { kind: 'ALL' },
  ...overrides,
});

// Issue 29 item 4: only its author (and an administrator) changes a published notification; the editor is kept.
describe.each(testDatabases())('who edits a published notification, on %s', (kind) => {
  let t: TestApp;
  let admin: { id: number; cookie: string };
  let curator: { id: number; cookie: string };
  let chief: { id: number; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.userWithSession({ role: 'ADMIN', direction: null, firstName: 'Анна', lastName: 'Админова' });
    curator = await t.userWithSession({ role: 'CURATOR', direction: null, firstName: 'Кира', lastName: 'Кураторова' });
    chief = await t.userWithSession({ role: 'CHIEF_MENTOR', direction: null, firstName: 'Глеб', lastName: 'Главный' });
  }, 120_000);
  afterAll(() => t?.close());

  const publish = async (input: StaffNotificationInput, cookie: string): Promise<StaffNotification> => {
    const reply = await t.inject({ method: 'POST', url: STAFF, headers: { cookie }, payload: input });
    expect(reply.statusCode).toBe(200);
    return reply.json().data;
  };
  const edit = (id: number, input: object, cookie: string) =>
    t.inject({ method: 'PUT', url: `${STAFF}/${id}`, headers: { cookie }, payload: input });
  const withdraw = (id: number, cookie: string) =>
    t.inject({ method: 'POST', url: `${STAFF}/${id}/withdraw`, headers: { cookie } });
  const stored = (id: number) =>
    t.database.db
      .selectFrom('notifications')
      .select(['title', 'audience', 'user_id', 'author_id', 'withdrawn_at', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const listed = async (id: number): Promise<StaffNotification> => {
    const reply = await t.inject({ method: 'GET', url: `${STAFF}?limit=100`, headers: { cookie: curator.cookie } });
    return (reply.json().data.items as StaffNotification[]).find((n) => n.id === id)!;
  };

  it('a curator cannot turn an administrator’s personal notice into a broadcast, nor withdraw it: 403, nothing changes', async () => {
    const student = await t.createUser({ firstName: 'Пётр' });
    const notice = await publish(draft('Личное', { audience: { kind: 'USER', userId: student.id } }), admin.cookie);
    const before = await stored(notice.id);
    for (const publisher of [curator, chief]) {
      const refused = await edit(notice.id, draft('Всем!'), publisher.cookie);
      expect([refused.statusCode, refused.json().error.key]).toEqual([403, 'notificationNotYours']);
      expect(refused.json().error.text).toBe('Изменить это уведомление может только его автор или администратор.');
      expect((await withdraw(notice.id, publisher.cookie)).statusCode).toBe(403);
    }
    expect(await stored(notice.id)).toEqual(before);
    expect(before).toMatchObject({ audience: 'USER', user_id: student.id, withdrawn_at: null, updated_at: null });
    expect((await listed(notice.id)).editedBy).toBeNull();
  });

  it('the author edits their own, an administrator anyone’s: the staff list keeps the author and shows the editor and time', async () => {
    const at = Date.parse('2026-06-01T09:00:00.000Z');
    t.app.clock.now = () => new Date(at);
    const notice = await publish(draft('Кураторское'), curator.cookie);
    const own = await edit(notice.id, draft('Кураторское, поправлено'), curator.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      author: { id: curator.id, name: 'Кира Кураторова' },
      editedBy: { id: curator.id, name: 'Кира Кураторова' },
      updatedAt: new Date(at).toISOString(),
    });
    t.app.clock.now = () => new Date(at + 60_000);
    const byAdmin = await edit(notice.id, draft('Поправлено администратором'), admin.cookie);
    expect(byAdmin.statusCode).toBe(200);
    expect(await listed(notice.id)).toMatchObject({
      title: 'Поправлено администратором',
      author: { id: curator.id, name: 'Кира Кураторова' },
      editedBy: { id: admin.id, name: 'Анна Админова' },
      updatedAt: new Date(at + 60_000).toISOString(),
    });
    expect((await withdraw(notice.id, admin.cookie)).statusCode).toBe(200);
    expect((await stored(notice.id)).withdrawn_at).not.toBeNull();
  });
});
