import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Direction, InactivationReason, PaymentType, RoleName } from '@academy/shared/contract';
import { hashPassword } from '../modules/auth/passwords';

// Made-up accounts for tests (the factory routes' /__test__/users, and server tests directly).

export interface TestUserInput {
  role?: RoleName;
  paymentType?: PaymentType | null;
  direction?: Direction | null;
  blocked?: boolean;
  firstName?: string;
  lastName?: string;
  isViewReport?: boolean;
  mustChangePassword?: boolean;
  /** an inactivation reason (docs/accounts.md, "Inactivation"); `mustChangePassword` is PASSWORD_CHANGE_REQUIRED */
  inactivationReason?: InactivationReason;
  /** an account made that many days ago (the yesterday's-report rule asks nothing of one made today) */
  createdDaysAgo?: number;
  /** the student's assigned mentor (docs/courses.md, "Mentor queue") */
  mentorId?: number;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

export const TEST_PASSWORD = 'test-pass-1';
let testHash: Promise<string> | null = null;

export async function createTestUser(app: FastifyInstance, input: TestUserInput = {}): Promise<TestUser> {
  // the made-up accounts' hash is cheap to check (scrypt N = 2^10: ~1 ms, not ~100 ms); a sign-in in
  // tests still runs the real check, on the parameters the hash records
  testHash ??= hashPassword(TEST_PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
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
      inactivation_reason: input.inactivationReason ?? (input.mustChangePassword ? 'PASSWORD_CHANGE_REQUIRED' : null),
      ...(input.mentorId ? { mentor_id: input.mentorId, has_mentor: true } : {}),
      ...(input.createdDaysAgo ? { created_at: new Date(app.clock.now().getTime() - input.createdDaysAgo * 86_400_000) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password: TEST_PASSWORD };
}
