import type { LightMyRequestResponse } from 'fastify';
import type { AdminAuditEntry, AdminAuditPage, AdminChange } from '@academy/shared/contract';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

const USERS = '/api/admin/users';

// The changes an administrator makes to a user, each with its log row (docs/administration.md, "Administration").
describe.each(testDatabases())('an administrator’s changes on %s', (kind) => {
  let t: TestApp;
  let admin: { id: number; cookie: string };
  let other: { id: number; cookie: string };
  const NOW = Date.parse('2026-06-01T09:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.userWithSession({ role: 'ADMIN', direction: null, firstName: 'Ада', lastName: 'Админова' });
    other = await t.userWithSession({ role: 'ADMIN', direction: null, firstName: 'Борис', lastName: 'Вторых' });
  });
  beforeEach(() => {
    t.app.clock.now = () => new Date(NOW);
  });
  afterAll(() => t?.close());

  const put = (id: number, what: string, payload: object, cookie = admin.cookie) =>
    t.inject({ method: 'PUT', url: `${USERS}/${id}/${what}`, payload, headers: { cookie } });
  const changed = (reply: LightMyRequestResponse) => {
    expect([reply.statusCode, reply.json().error]).toEqual([200, null]);
    return reply.json().data as AdminChange;
  };
  const refused = (reply: LightMyRequestResponse, status: number, key: string) => {
    expect([reply.statusCode, reply.json().error?.key]).toEqual([status, key]);
    return reply.json().error.text as string;
  };
  const logOf = async (id: number, query = '') => {
    const reply = await t.inject({ method: 'GET', url: `${USERS}/${id}/audit${query}`, headers: { cookie: admin.cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data as AdminAuditPage;
  };
  const auditRows = (id: number) =>
    t.database.db.selectFrom('admin_audit').selectAll().where('user_id', '=', id).orderBy('id').execute();

  it('role, payment type, mentor, reason and block: each change answers the user as now and logs who, what, when', async () => {
    const mentor = await t.createUser({ role: 'MENTOR', direction: 'FE', firstName: 'Инна', lastName: 'Менторова' });
    const student = await t.createUser({ firstName: 'Пётр', lastName: 'Учеников', paymentType: 'REGULAR' });

    expect(changed(await put(student.id, 'role', { role: 'STUDENT' }))).toMatchObject({
      changed: true,
      user: { role: 'STUDENT' },
    });
    expect(changed(await put(student.id, 'payment-type', { paymentType: 'UNTIL_PAID' })).user.paymentType).toBe('UNTIL_PAID');
    const given = changed(await put(student.id, 'mentor', { mentorId: mentor.id })).user;
    expect(given.mentor).toEqual({ id: mentor.id, firstName: 'Инна', lastName: 'Менторова' });
    expect(changed(await put(student.id, 'inactivation', { reason: 'PAYMENT_OVERDUE' })).user.inactivationReason).toBe(
      'PAYMENT_OVERDUE',
    );
    expect(changed(await put(student.id, 'inactivation', { reason: null }, other.cookie)).user.inactivationReason).toBeNull();
    expect(changed(await put(student.id, 'blocked', { blocked: true })).user.blocked).toBe(true);
    expect(changed(await put(student.id, 'blocked', { blocked: false })).user.blocked).toBe(false);
    expect(changed(await put(student.id, 'mentor', { mentorId: null })).user.mentor).toBeNull();

    const row = await t.database.db
      .selectFrom('users')
      .select(['role', 'payment_type', 'mentor_id', 'has_mentor', 'inactivation_reason', 'blocked'])
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      role: 'STUDENT',
      payment_type: 'UNTIL_PAID',
      mentor_id: null,
      has_mentor: false,
      inactivation_reason: null,
      blocked: false,
    });

    const log = await logOf(student.id);
    const brief = (entry: AdminAuditEntry) => [entry.action, entry.oldValue, entry.newValue, entry.actor?.lastName];
    // newest first
    expect(log.entries.map(brief)).toEqual([
      ['MENTOR', { id: mentor.id, name: 'Инна Менторова' }, null, 'Админова'],
      ['BLOCKED', true, false, 'Админова'],
      ['BLOCKED', false, true, 'Админова'],
      ['INACTIVATION', 'PAYMENT_OVERDUE', null, 'Вторых'],
      ['INACTIVATION', null, 'PAYMENT_OVERDUE', 'Админова'],
      ['MENTOR', null, { id: mentor.id, name: 'Инна Менторова' }, 'Админова'],
      ['PAYMENT_TYPE', 'REGULAR', 'UNTIL_PAID', 'Админова'],
      ['ROLE', 'PAY_STUDENT', 'STUDENT', 'Админова'],
    ]);
    expect(log.entries[0]).toMatchObject({
      at: new Date(NOW).toISOString(),
      actor: { id: admin.id, firstName: 'Ада', lastName: 'Админова' },
      user: { id: student.id, firstName: 'Пётр', lastName: 'Учеников' },
    });
    expect(log.nextBefore).toBeNull();
    // paged, newest first
    const first = await logOf(student.id, '?limit=3');
    const rest = await logOf(student.id, `?limit=10&before=${first.nextBefore}`);
    expect([...first.entries, ...rest.entries].map((e) => e.id)).toEqual(log.entries.map((e) => e.id));
    expect(rest.nextBefore).toBeNull();
    // everyone's log has them too, newest first
    const all = await t.inject({ method: 'GET', url: '/api/admin/audit?limit=8', headers: { cookie: admin.cookie } });
    expect((all.json().data as AdminAuditPage).entries.map((e) => e.id)).toEqual(log.entries.map((e) => e.id));
    const unknown = await t.inject({ method: 'GET', url: `${USERS}/999999/audit`, headers: { cookie: admin.cookie } });
    refused(unknown, 404, 'adminNoUser');
  });

  it('a change that changes nothing answers changed: false and writes nothing', async () => {
    const mentor = await t.createUser({ role: 'MENTOR', direction: 'FE' });
    const student = await t.createUser({ paymentType: 'TRIAL', mentorId: mentor.id });
    const same: Array<[string, object]> = [
      ['role', { role: 'PAY_STUDENT' }],
      ['payment-type', { paymentType: 'TRIAL' }],
      ['mentor', { mentorId: mentor.id }],
      ['inactivation', { reason: null }],
      ['blocked', { blocked: false }],
    ];
    for (const [what, payload] of same)
      expect([what, changed(await put(student.id, what, payload)).changed]).toEqual([what, false]);
    expect(await auditRows(student.id)).toEqual([]);
    // a real change, then the same again: one row
    changed(await put(student.id, 'blocked', { blocked: true }));
    expect(changed(await put(student.id, 'blocked', { blocked: true })).changed).toBe(false);
    expect(await auditRows(student.id)).toHaveLength(1);
  });

  it('an administrator cannot block, demote or inactivate themselves: a 400 they can read, nothing written', async () => {
    expect(refused(await put(admin.id, 'blocked', { blocked: true }), 400, 'adminSelfBlock')).toBe('Заблокировать себя нельзя.');
    expect(refused(await put(admin.id, 'role', { role: 'MENTOR' }), 400, 'adminSelfRole')).toBe(
      'Свою роль изменить нельзя: попросите другого администратора.',
    );
    for (const reason of ['PASSWORD_CHANGE_REQUIRED', 'EXPELLED']) {
      refused(await put(admin.id, 'inactivation', { reason }), 400, 'adminSelfInactivation');
    }
    const me = await t.database.db
      .selectFrom('users')
      .select(['role', 'blocked', 'inactivation_reason'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(me).toEqual({ role: 'ADMIN', blocked: false, inactivation_reason: null });
    expect(await auditRows(admin.id)).toEqual([]);
    // another administrator may
    expect(changed(await put(other.id, 'inactivation', { reason: 'PASSWORD_CHANGE_REQUIRED' })).changed).toBe(true);
    changed(await put(other.id, 'inactivation', { reason: null }));
  });

  it('the rules of each change: learners stay learners, a mentor is a mentor, reasons are for whom they fit', async () => {
    const mentor = await t.createUser({ role: 'MENTOR', direction: 'FE', lastName: 'Занятой' });
    const curator = await t.createUser({ role: 'CURATOR', direction: null });
    const blockedMentor = await t.createUser({ role: 'MENTOR', direction: 'FE', blocked: true });
    const regular = await t.createUser({ paymentType: 'REGULAR' });
    const untilPaid = await t.createUser({ paymentType: 'UNTIL_PAID', mentorId: mentor.id });

    refused(await put(regular.id, 'role', { role: 'MENTOR' }), 400, 'adminRoleKind');
    refused(await put(curator.id, 'role', { role: 'PAY_STUDENT' }), 400, 'adminRoleKind');
    expect(changed(await put(curator.id, 'role', { role: 'MANAGER' })).user.role).toBe('MANAGER');
    // a mentor with students keeps a mentor's role until they have another mentor
    const text = refused(await put(mentor.id, 'role', { role: 'CURATOR' }), 400, 'adminMentorHasStudents');
    expect(text).toBe('Студентов у этого ментора: 1. Сначала назначьте им другого ментора.');
    expect(changed(await put(mentor.id, 'role', { role: 'CHIEF_MENTOR' })).user.role).toBe('CHIEF_MENTOR');

    refused(await put(curator.id, 'payment-type', { paymentType: 'REGULAR' }), 400, 'adminPaymentLearnersOnly');
    refused(await put(curator.id, 'mentor', { mentorId: mentor.id }), 400, 'adminMentorLearnersOnly');
    refused(await put(regular.id, 'mentor', { mentorId: curator.id }), 400, 'adminNotMentor');
    refused(await put(regular.id, 'mentor', { mentorId: blockedMentor.id }), 400, 'adminNotMentor');
    refused(await put(regular.id, 'mentor', { mentorId: 999999 }), 400, 'adminNotMentor');
    refused(await put(999999, 'mentor', { mentorId: mentor.id }), 404, 'adminNoUser');

    refused(await put(regular.id, 'inactivation', { reason: 'PAYMENT_OVERDUE' }), 400, 'adminReasonUntilPaid');
    refused(await put(curator.id, 'inactivation', { reason: 'WAITING_FOR_STREAM' }), 400, 'adminReasonLearners');
    expect(changed(await put(curator.id, 'inactivation', { reason: 'EXPELLED' })).changed).toBe(true);
    expect(changed(await put(regular.id, 'inactivation', { reason: 'WAITING_FOR_STREAM' })).changed).toBe(true);
    changed(await put(untilPaid.id, 'inactivation', { reason: 'PAYMENT_OVERDUE' }));
    // the payment stays UNTIL_PAID while it is overdue
    refused(await put(untilPaid.id, 'payment-type', { paymentType: 'REGULAR' }), 400, 'adminPaymentOverdueFirst');
    // refusals wrote nothing
    expect(await auditRows(regular.id)).toHaveLength(1);
    expect((await auditRows(mentor.id)).map((r) => r.new_value)).toEqual(['CHIEF_MENTOR']);
  });

  it('blocking ends every session and known device at once: the user’s next request is a 401', async () => {
    const student = await t.createUser();
    const first = await t.signIn(student);
    const second = await t.signIn(student, true);
    const profile = (cookie: string) => t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie } });
    expect((await profile(first)).statusCode).toBe(200);
    const count = async (table: 'sessions' | 'sign_in_devices') =>
      (await t.database.db.selectFrom(table).select('user_id').where('user_id', '=', student.id).execute()).length;
    expect([await count('sessions'), await count('sign_in_devices')]).toEqual([2, 2]);

    changed(await put(student.id, 'blocked', { blocked: true }));
    expect([await count('sessions'), await count('sign_in_devices')]).toEqual([0, 0]);
    for (const cookie of [first, second]) expect((await profile(cookie)).statusCode).toBe(401);
    // and cannot sign in again while blocked
    const again = await t.inject({
      method: 'POST',
      url: '/token',
      payload: { username: student.email, password: student.password },
    });
    expect(again.statusCode).toBe(403);
    changed(await put(student.id, 'blocked', { blocked: false }));
    expect((await profile(await t.signIn(student))).statusCode).toBe(200);
  });

  it('a new role, payment type or mentor holds from the user’s next request (nothing stale is kept)', async () => {
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: 'FE' });
    const queue = () => t.inject({ method: 'GET', url: '/api/mentor/queue', headers: { cookie: mentor.cookie } });
    expect((await queue()).statusCode).toBe(200);
    changed(await put(mentor.id, 'role', { role: 'CURATOR' }));
    expect((await queue()).statusCode).toBe(403);

    const student = await t.userWithSession({ paymentType: 'REGULAR' });
    const me = async () =>
      (await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: student.cookie } })).json().data;
    expect(await me()).toMatchObject({ paymentType: 'REGULAR', hasMentor: false, inactivation: null });
    const chief = await t.createUser({ role: 'CHIEF_MENTOR', direction: 'FE' });
    changed(await put(student.id, 'payment-type', { paymentType: 'UNTIL_PAID' }));
    changed(await put(student.id, 'mentor', { mentorId: chief.id }));
    changed(await put(student.id, 'inactivation', { reason: 'PASSWORD_CHANGE_REQUIRED' }));
    expect(await me()).toMatchObject({
      paymentType: 'UNTIL_PAID',
      hasMentor: true,
      inactivation: { reason: 'PASSWORD_CHANGE_REQUIRED' },
    });
    // a new password lifts the required change
    const reply = await t.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      payload: { oldPassword: student.password, newPassword: 'brand-new-9' },
      headers: { cookie: student.cookie },
    });
    expect(reply.statusCode).toBe(200);
    expect((await me()).inactivation).toBeNull();
  });

  it('parallel changes of one user lose no log row: the rows chain old to new, and the last is what stays', async () => {
    const student = await t.createUser({ paymentType: 'REGULAR' });
    const types = ['UNTIL_PAID', 'TRIAL', 'REGULAR', 'UNTIL_PAID', 'TRIAL', 'TRIAL', 'REGULAR', 'UNTIL_PAID', 'REGULAR', 'TRIAL'];
    const replies = await Promise.all(
      types.map((paymentType, i) => put(student.id, 'payment-type', { paymentType }, i % 2 ? other.cookie : admin.cookie)),
    );
    const outcomes = replies.map(changed);
    const rows = await auditRows(student.id);
    expect(rows).toHaveLength(outcomes.filter((o) => o.changed).length);
    let value: unknown = 'REGULAR';
    for (const row of rows) {
      expect(row.old_value).toBe(value);
      expect(row.new_value).not.toBe(row.old_value);
      value = row.new_value;
    }
    const final = await t.database.db
      .selectFrom('users')
      .select('payment_type')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(final.payment_type).toBe(value);

    // ten blocks at once: one changes and logs, the others find it blocked
    const target = await t.createUser();
    const blocks = (await Promise.all(Array.from({ length: 10 }, () => put(target.id, 'blocked', { blocked: true })))).map(
      changed,
    );
    expect(blocks.filter((o) => o.changed)).toHaveLength(1);
    expect(await auditRows(target.id)).toHaveLength(1);

    // a mentor demoted while a learner is being given to them: never a learner of a non-mentor
    const mentor = await t.createUser({ role: 'MENTOR', direction: 'FE' });
    const learner = await t.createUser();
    const [given, demoted] = await Promise.all([
      put(learner.id, 'mentor', { mentorId: mentor.id }),
      put(mentor.id, 'role', { role: 'CURATOR' }, other.cookie),
    ]);
    const state = await t.database.db
      .selectFrom('users')
      .select(['id', 'role', 'mentor_id'])
      .where('id', 'in', [mentor.id, learner.id])
      .orderBy('id')
      .execute();
    const mentorRole = state.find((r) => r.id === mentor.id)!.role;
    const learnerMentor = state.find((r) => r.id === learner.id)!.mentor_id;
    expect(mentorRole === 'MENTOR' || learnerMentor === null).toBe(true);
    expect([given.statusCode, demoted.statusCode].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
  });
});
