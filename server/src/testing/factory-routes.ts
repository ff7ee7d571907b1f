import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Direction, PaymentType, RoleName } from '@academy/shared/contract';
import { hashPassword } from '../modules/auth/passwords';

export interface TestUserInput {
  role?: RoleName;
  paymentType?: PaymentType | null;
  direction?: Direction | null;
  blocked?: boolean;
  firstName?: string;
  lastName?: string;
  isViewReport?: boolean;
  mustChangePassword?: boolean;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

export const TEST_PASSWORD = 'test-pass-1';
let testHash: Promise<string> | null = null;

/** Test data factories over HTTP, for frontend integration tests. Never registered in production. */
export async function factoryRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: TestUserInput }>('/__test__/users', async (request) => createTestUser(app, request.body ?? {}));
  // the newest mail to an address, as the outbox holds it (recovery and invitation journeys)
  app.get<{ Querystring: { to: string } }>('/__test__/mail', async (request) =>
    app.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('recipient', '=', request.query.to)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  );
}

export async function createTestUser(app: FastifyInstance, input: TestUserInput = {}): Promise<TestUser> {
  testHash ??= hashPassword(TEST_PASSWORD);
  const role = input.role ?? 'PAY_STUDENT';
  const email = `${role.toLowerCase()}-${randomBytes(5).toString('hex')}@test.academy`;
  const row = await app.db
    .insertInto('users')
    .values({
      email,
      password_hash: await testHash,
      first_name: input.firstName ?? 'Тест',
      last_name: input.lastName ?? 'Тестов',
      role,
      payment_type: input.paymentType === undefined ? (role === 'PAY_STUDENT' ? 'UNTIL_PAID' : null) : input.paymentType,
      direction: input.direction === undefined ? 'FE' : input.direction,
      blocked: input.blocked ?? false,
      is_view_report: input.isViewReport ?? false,
      birthday: null,
      avatar_url: null,
      inactivation_reason: input.mustChangePassword ? 'PASSWORD_CHANGE_REQUIRED' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password: TEST_PASSWORD };
}
