import type { AdminAuditPage, InvitationLink, PendingInvitation } from '@academy/shared/contract';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

const INVITATIONS = '/api/admin/invitations';

// Pending invitations and revoking them (docs/administration.md, "Administration"); making one is the registration module's.
describe.each(testDatabases())('pending invitations on %s', (kind) => {
  let t: TestApp;
  let admin: { id: number; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.userWithSession({ role: 'ADMIN', direction: null, firstName: 'Ада', lastName: 'Админова' });
  });
  afterAll(() => t?.close());

  const invite = async (email: string, role = 'PAY_STUDENT') => {
    const reply = await t.post(INVITATIONS, { email, role, paymentType: 'UNTIL_PAID', direction: 'GO' }, admin.cookie);
    expect(reply.statusCode).toBe(200);
    return reply.json().data as InvitationLink;
  };
  const pending = async () => {
    const reply = await t.inject({ method: 'GET', url: INVITATIONS, headers: { cookie: admin.cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data as PendingInvitation[];
  };
  const revoke = (id: number) => t.inject({ method: 'DELETE', url: `${INVITATIONS}/${id}`, headers: { cookie: admin.cookie } });
  const tokenOf = (link: string) => link.split('/').pop()!;
  const everyone = async () =>
    (await t.inject({ method: 'GET', url: '/api/admin/audit?limit=100', headers: { cookie: admin.cookie } })).json()
      .data as AdminAuditPage;

  it('lists the invitations not used, expired or revoked, newest first, with who made them; making one is logged', async () => {
    const first = await invite('first-pending@example.org');
    await invite('second-pending@example.org', 'STUDENT');
    const used = await invite('used-pending@example.org');
    const register = await t.post('/api/registration', {
      hash: tokenOf(used.link),
      firstName: 'Ольга',
      lastName: 'Пришедшая',
      password: 'secret-2',
      confirmPassword: 'secret-2',
      birthday: '03.03.1995',
    });
    expect(register.statusCode).toBe(200);
    await invite('expired-pending@example.org');
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'expired-pending@example.org')
      .execute();

    const list = await pending();
    expect(list.map((i) => i.email)).toEqual(['second-pending@example.org', 'first-pending@example.org']);
    expect(list[0]).toMatchObject({
      role: 'STUDENT',
      paymentType: 'UNTIL_PAID',
      direction: 'GO',
      createdBy: { id: admin.id, firstName: 'Ада', lastName: 'Админова' },
    });
    expect(list[1]!.expiresAt).toBe(first.expiresAt);
    expect(JSON.stringify(list)).not.toMatch(/token|hash/i);

    const made = (await everyone()).entries.filter((e) => e.action === 'INVITATION_CREATED');
    expect(made.map((e) => (e.newValue as { email: string }).email)).toEqual([
      'expired-pending@example.org',
      'used-pending@example.org',
      'second-pending@example.org',
      'first-pending@example.org',
    ]);
    expect(made[0]).toMatchObject({ actor: { id: admin.id }, user: null, oldValue: null });
  });

  it('a revoked invitation leaves the list, its link stops working, and the log says who revoked it', async () => {
    const made = await invite('revoked@example.org');
    const id = (await pending()).find((i) => i.email === 'revoked@example.org')!.id;
    const info = () => t.post('/api/registration/token_info', { hash: tokenOf(made.link) });
    expect((await info()).json().data).toEqual({ email: 'revoked@example.org' });

    const reply = await revoke(id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ id, email: 'revoked@example.org', createdBy: { id: admin.id } });
    expect((await pending()).some((i) => i.id === id)).toBe(false);
    expect((await info()).json().error).toMatchObject({ key: 'register.invalidToken' });
    const register = await t.post('/api/registration', {
      hash: tokenOf(made.link),
      firstName: 'Ольга',
      lastName: 'Опоздавшая',
      password: 'secret-2',
      confirmPassword: 'secret-2',
      birthday: '03.03.1995',
    });
    expect(register.json().error).toMatchObject({ key: 'register.invalidToken' });

    const revoked = (await everyone()).entries.find((e) => e.action === 'INVITATION_REVOKED')!;
    expect(revoked).toMatchObject({
      actor: { id: admin.id },
      user: null,
      oldValue: { email: 'revoked@example.org', role: 'PAY_STUDENT', paymentType: 'UNTIL_PAID', direction: 'GO' },
      newValue: null,
    });
    // again, or an unknown one: 404, nothing logged
    const again = await revoke(id);
    expect([again.statusCode, again.json().error.key]).toEqual([404, 'adminNoInvitation']);
    expect((await revoke(999999)).statusCode).toBe(404);
    const rows = await t.database.db.selectFrom('admin_audit').select('id').where('invitation_id', '=', id).execute();
    expect(rows).toHaveLength(2);
  });

  it('five administrators revoking one invitation at once: one revokes, one log row', async () => {
    await invite('raced@example.org');
    const id = (await pending()).find((i) => i.email === 'raced@example.org')!.id;
    const replies = await Promise.all(Array.from({ length: 5 }, () => revoke(id)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
    const rows = await t.database.db
      .selectFrom('admin_audit')
      .select('action')
      .where('invitation_id', '=', id)
      .where('action', '=', 'INVITATION_REVOKED')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
