import type { FastifyInstance } from 'fastify';
import type { InactivationReason, NotificationKind } from '@academy/shared/contract';
import {
  addActivity,
  addWaitingAnswer,
  enrolAsStaff,
  type TestEnrolmentInput,
  type TestWaitingAnswerInput,
} from './factory-courses';
import { planReviewSlot, recordReviewOutcome, type TestReviewOutcomeInput, type TestReviewSlotInput } from './factory-reviews';
import { createTestUser, type TestUserInput } from './factory-users';

// the factories live by subject in factory-*.ts; importers take them from here
export * from './factory-courses';
export * from './factory-reviews';
export * from './factory-users';

export interface TestNotificationInput {
  title: string;
  message: string;
  userId?: number;
  important?: boolean;
  endTime?: string;
  kind?: NotificationKind;
  link?: string;
}

/**
 * Test data factories over HTTP, for the frontend integration tests and the browser suite. Registered
 * only by the test servers (test-server.ts, e2e-server.ts), never by `npm start`.
 */
export async function factoryRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: TestUserInput }>('/__test__/users', async (request) => createTestUser(app, request.body ?? {}));
  // an inactivation reason set or lifted (null) while the user may be signed in (docs/accounts.md, "Inactivation")
  app.post<{ Body: { userId: number; reason: InactivationReason | null } }>('/__test__/users/inactivation', async (request) =>
    app.db
      .updateTable('users')
      .set({ inactivation_reason: request.body.reason })
      .where('id', '=', request.body.userId)
      .returning(['id', 'inactivation_reason as reason'])
      .executeTakeFirstOrThrow(),
  );
  // enrols a student in a course as staff do, and opens its modules when asked
  app.post<{ Body: TestEnrolmentInput }>('/__test__/enrolments', async (request) => enrolAsStaff(app, request.body));
  // a notification for everyone, or for one user (an academy notice with its link when a kind is named)
  app.post<{ Body: TestNotificationInput }>('/__test__/notifications', async (request) =>
    app.db
      .insertInto('notifications')
      .values({
        title: request.body.title,
        message: request.body.message,
        important: request.body.important ?? false,
        end_time: request.body.endTime ?? null,
        audience: request.body.userId ? 'USER' : 'ALL',
        user_id: request.body.userId ?? null,
        kind: request.body.kind ?? 'STAFF',
        link: request.body.link ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // backdated activity of a student (the statistics page): kept code submissions at these instants
  app.post<{ Body: { studentId: number; entries: Array<{ at: string; count: number }> } }>(
    '/__test__/activity',
    async (request) => addActivity(app, request.body.studentId, request.body.entries),
  );
  // a comment written `minutes` earlier than it was (the author's edit window without moving the shared clock)
  app.post<{ Body: { commentId: number; minutes: number } }>('/__test__/comments/age', async (request) => {
    const comment = await app.db
      .selectFrom('comments')
      .select('created_at')
      .where('id', '=', request.body.commentId)
      .executeTakeFirstOrThrow();
    const createdAt = new Date(comment.created_at.getTime() - request.body.minutes * 60_000);
    await app.db.updateTable('comments').set({ created_at: createdAt }).where('id', '=', request.body.commentId).execute();
    return { createdAt: createdAt.toISOString() };
  });
  // review slots and outcomes (docs/courses.md, "Reviews") without the planning and outcome rules: past slots, any status
  app.post<{ Body: TestReviewSlotInput }>('/__test__/review-slots', async (request) => planReviewSlot(app, request.body));
  // the review begins: its slot's start moves to a few minutes ago, bookings kept (the outcome is recorded after the start)
  app.post<{ Body: { slotId: number } }>('/__test__/review-slots/started', async (request) =>
    app.db
      .updateTable('review_slots')
      .set({ starts_at: new Date(app.clock.now().getTime() - 5 * 60_000) })
      .where('id', '=', request.body.slotId)
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  app.post<{ Body: TestReviewOutcomeInput }>('/__test__/review-outcomes', async (request) =>
    recordReviewOutcome(app, request.body),
  );
  app.post<{ Body: TestWaitingAnswerInput }>('/__test__/waiting-answers', async (request) => addWaitingAnswer(app, request.body));
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
