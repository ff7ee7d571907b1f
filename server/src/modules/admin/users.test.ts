import type { AdminUser, AdminUserPage, RoleName } from '@academy/shared/contract';
import { ROLES } from '@academy/shared/contract';
import { rowCounts } from '../../testing/row-counts';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

const USERS = '/api/admin/users';

// The users list, its search and filters, and who may call the administration (docs/administration.md, "Administration").
describe.each(testDatabases())('the administration’s users list on %s', (kind) => {
  let t: TestApp;
  let admin: { id: number; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.userWithSession({ role: 'ADMIN', direction: null, firstName: 'Ада', lastName: 'Админова' });
  });
  afterAll(() => t?.close());

  const list = async (query: string, cookie = admin.cookie) => {
    const reply = await t.inject({ method: 'GET', url: `${USERS}?${query}`, headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data as AdminUserPage;
  };
  const ids = (page: AdminUserPage) => page.users.map((user) => user.id);

  it('a row names the user’s role, direction, payment type, mentor, block, reason and sign-ins, never the password', async () => {
    const mentor = await t.createUser({ role: 'MENTOR', direction: 'FE', firstName: 'Инна', lastName: 'Строкова' });
    const student = await t.createUser({
      firstName: 'Пётр',
      lastName: 'Строкин',
      paymentType: 'UNTIL_PAID',
      direction: 'JAVA',
      mentorId: mentor.id,
      mustChangePassword: true,
    });
    await t.signIn(student);
    const page = await list('search=Строк');
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    // by last name: Строкин before Строкова
    expect(ids(page)).toEqual([student.id, mentor.id]);
    const row = page.users[0]!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'firstName',
        'lastName',
        'email',
        'role',
        'direction',
        'paymentType',
        'mentor',
        'blocked',
        'inactivationReason',
        'createdAt',
        'lastSignInAt',
      ].sort(),
    );
    expect(row).toMatchObject<Partial<AdminUser>>({
      firstName: 'Пётр',
      lastName: 'Строкин',
      email: student.email,
      role: 'PAY_STUDENT',
      direction: 'JAVA',
      paymentType: 'UNTIL_PAID',
      mentor: { id: mentor.id, firstName: 'Инна', lastName: 'Строкова' },
      blocked: false,
      inactivationReason: 'PASSWORD_CHANGE_REQUIRED',
    });
    expect(Date.parse(row.lastSignInAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(page.users[1]).toMatchObject({ role: 'MENTOR', paymentType: null, mentor: null, lastSignInAt: null });
    // one user by id, the same row
    const one = await t.inject({ method: 'GET', url: `${USERS}/${student.id}`, headers: { cookie: admin.cookie } });
    expect(one.json().data).toEqual(row);
    const { password_hash } = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(one.body).not.toContain(password_hash);
    expect(one.body).not.toMatch(/password_?hash|scrypt/i);
    const missing = await t.inject({ method: 'GET', url: `${USERS}/999999`, headers: { cookie: admin.cookie } });
    expect([missing.statusCode, missing.json().error.key]).toEqual([404, 'adminNoUser']);
  });

  it('searches names in either order and e-mails; filters by role, direction, payment type, block and reason', async () => {
    const tag = 'Фильтров';
    const a = await t.createUser({ lastName: `${tag}а`, firstName: 'Анна', direction: 'GO', paymentType: 'TRIAL' });
    const b = await t.createUser({
      lastName: `${tag}б`,
      firstName: 'Борис',
      role: 'STUDENT',
      direction: 'GO',
      paymentType: 'REGULAR',
    });
    const c = await t.createUser({ lastName: `${tag}в`, firstName: 'Вера', role: 'CURATOR', direction: null, blocked: true });
    const d = await t.createUser({ lastName: `${tag}г`, firstName: 'Глеб', direction: 'MQA', paymentType: 'UNTIL_PAID' });
    await t.database.db.updateTable('users').set({ inactivation_reason: 'PAYMENT_OVERDUE' }).where('id', '=', d.id).execute();
    const search = `search=${encodeURIComponent(tag)}`;

    expect(ids(await list(search))).toEqual([a.id, b.id, c.id, d.id]);
    expect(ids(await list(`search=${encodeURIComponent('Борис Фильтровб')}`))).toEqual([b.id]);
    expect(ids(await list(`search=${encodeURIComponent('ФИЛЬТРОВБ БОРИС')}`))).toEqual([b.id]);
    expect(ids(await list(`search=${encodeURIComponent(c.email.toUpperCase())}`))).toEqual([c.id]);
    // a search's % and _ are the characters themselves
    expect((await list('search=%25')).total).toBe(0);
    expect((await list(`search=${encodeURIComponent('Фильтров_')}`)).total).toBe(0);

    expect(ids(await list(`${search}&role=STUDENT`))).toEqual([b.id]);
    expect(ids(await list(`${search}&direction=GO`))).toEqual([a.id, b.id]);
    expect(ids(await list(`${search}&paymentType=UNTIL_PAID`))).toEqual([d.id]);
    expect(ids(await list(`${search}&blocked=true`))).toEqual([c.id]);
    expect(ids(await list(`${search}&blocked=false`))).toEqual([a.id, b.id, d.id]);
    expect(ids(await list(`${search}&inactivation=PAYMENT_OVERDUE`))).toEqual([d.id]);
    expect(ids(await list(`${search}&inactivation=ANY`))).toEqual([d.id]);
    expect(ids(await list(`${search}&inactivation=NONE`))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list(`${search}&direction=GO&paymentType=TRIAL`))).toEqual([a.id]);

    // paged: the total stays, the pages follow each other
    const first = await list(`${search}&pageSize=3`);
    const second = await list(`${search}&pageSize=3&page=2`);
    expect([first.total, second.total]).toEqual([4, 4]);
    expect([...ids(first), ...ids(second)]).toEqual([a.id, b.id, c.id, d.id]);
  });

  it('every input is bounded', async () => {
    const refused = async (query: string) => {
      const reply = await t.inject({ method: 'GET', url: `${USERS}?${query}`, headers: { cookie: admin.cookie } });
      expect([query, reply.statusCode]).toEqual([query, 400]);
    };
    await refused('pageSize=101');
    await refused('page=0');
    await refused(`search=${'я'.repeat(101)}`);
    await refused('role=ROOT');
    await refused('inactivation=SOMETIMES');
    await refused('unknown=1');
    const body = async (url: string, payload: object) => {
      const reply = await t.inject({ method: 'PUT', url, payload, headers: { cookie: admin.cookie } });
      expect([url, reply.statusCode]).toEqual([url, 400]);
    };
    const student = await t.createUser();
    await body(`${USERS}/${student.id}/role`, { role: 'ROOT' });
    await body(`${USERS}/${student.id}/payment-type`, { paymentType: 'FREE' });
    await body(`${USERS}/${student.id}/mentor`, { mentorId: 'x' });
    await body(`${USERS}/${student.id}/inactivation`, { reason: 'TIRED' });
    await body(`${USERS}/${student.id}/blocked`, { blocked: 'yes' });
    await body(`${USERS}/${student.id}/blocked`, { blocked: true, extra: 1 });
    const audit = await t.inject({ method: 'GET', url: '/api/admin/audit?limit=101', headers: { cookie: admin.cookie } });
    expect(audit.statusCode).toBe(400);
  });

  it('every administration route: 401 for a visitor, 403 for every other role, before anything is read', async () => {
    const routes = t.app.accessTable().filter((entry) => entry.url.startsWith('/api/admin/') && entry.method !== 'HEAD');
    expect(routes.map((entry) => `${entry.method} ${entry.url}`).sort()).toEqual(
      [
        'DELETE /api/admin/invitations/:id',
        'GET /api/admin/audit',
        'GET /api/admin/invitations',
        'GET /api/admin/mentors',
        'GET /api/admin/users',
        'GET /api/admin/users/:id',
        'GET /api/admin/users/:id/audit',
        'POST /api/admin/invitations',
        'PUT /api/admin/users/:id/blocked',
        'PUT /api/admin/users/:id/inactivation',
        'PUT /api/admin/users/:id/mentor',
        'PUT /api/admin/users/:id/payment-type',
        'PUT /api/admin/users/:id/role',
      ].sort(),
    );
    for (const entry of routes)
      expect([entry.url, entry.access]).toEqual([entry.url, expect.objectContaining({ roles: ['ADMIN'] })]);

    const target = await t.createUser();
    const others = ROLES.filter((role): role is RoleName => role !== 'ADMIN');
    const sessions = await Promise.all(
      others.map((role) => t.userWithSession({ role, direction: role === 'PAY_STUDENT' ? 'FE' : null })),
    );
    const before = await t.database.db.selectFrom('admin_audit').select('id').execute();
    for (const entry of routes) {
      const url = entry.url.replace(':id', String(target.id));
      const payload = entry.method === 'GET' || entry.method === 'DELETE' ? undefined : { blocked: true, role: 'ADMIN' };
      const visitor = await t.inject({ method: entry.method as 'GET', url, ...(payload ? { payload } : {}) });
      expect([entry.method, url, visitor.statusCode]).toEqual([entry.method, url, 401]);
      for (const [i, session] of sessions.entries()) {
        const reply = await t.inject({
          method: entry.method as 'GET',
          url,
          headers: { cookie: session.cookie },
          ...(payload ? { payload } : {}),
        });
        expect([entry.method, url, others[i], reply.statusCode]).toEqual([entry.method, url, others[i], 403]);
      }
    }
    // nothing changed, nothing logged
    expect(await t.database.db.selectFrom('admin_audit').select('id').execute()).toEqual(before);
    const row = await t.database.db
      .selectFrom('users')
      .select(['blocked', 'role'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ blocked: false, role: 'PAY_STUDENT' });
  });

  it('a change without the page’s zoneId header is refused as cross-site', async () => {
    const student = await t.createUser();
    const reply = await t.app.inject({
      method: 'PUT',
      url: `${USERS}/${student.id}/blocked`,
      payload: { blocked: true },
      headers: { cookie: admin.cookie },
    });
    expect(reply.statusCode).toBe(403);
    const row = await t.database.db.selectFrom('users').select('blocked').where('id', '=', student.id).executeTakeFirstOrThrow();
    expect(row.blocked).toBe(false);
  });

  it('reads write nothing', async () => {
    const student = await t.createUser();
    const snapshot = async () => ({
      counts: await rowCounts(t.database.db),
      users: await t.database.db.selectFrom('users').selectAll().orderBy('id').execute(),
      invitations: await t.database.db.selectFrom('invitations').selectAll().orderBy('id').execute(),
    });
    const before = await snapshot();
    const reads = [
      USERS,
      `${USERS}/${student.id}`,
      `${USERS}/${student.id}/audit`,
      '/api/admin/audit',
      '/api/admin/mentors',
      '/api/admin/invitations',
    ];
    for (const url of reads) {
      expect([url, (await t.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })).statusCode]).toEqual([url, 200]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
