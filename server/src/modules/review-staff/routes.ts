import { REVIEW_MENTOR_ROLES, REVIEW_PLANNER_ROLES, STAFF_VIEW_ROLES } from '@academy/shared/contract';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { currentUser, requireRoles } from '../../plugins/guards';
import { requireActingFor } from '../../plugins/subject';
import { ReviewReminderJob } from './reminders';
import { createReviewStaffRepository } from './repository';
import {
  DiscardQuery,
  Done,
  FinishParams,
  MentorSlotList,
  ModuleDoneParams,
  OutcomeInput,
  PlanningOptionsSchema,
  ReviewSlotList,
  ReviewSlotSchema,
  SlotIdParams,
  SlotInput,
  SlotQuery,
  StudentReviewParams,
} from './schemas';
import { createReviewStaffService } from './service';

const tags = ['reviews'];
const SLOTS = '/api/chief/review/slots';

/**
 * Module reviews, the staff's side (docs/courses.md, "Reviews"; shared/contract/reviews.ts): the chief mentor
 * plans, moves and cancels slots; the reviewing mentor records outcomes; staff reset a student's review
 * of a module, mark a module done or finish a course for them (spec 1 §2, §6); the students are
 * reminded of their reviews.
 */
export default async function reviewStaffModule(app: App): Promise<void> {
  const reviews = createReviewStaffService(app.db, createReviewStaffRepository(app.db, app.taskStates), app.clock);
  const planners = requireRoles(REVIEW_PLANNER_ROLES);
  const mentors = requireRoles(REVIEW_MENTOR_ROLES);
  const staff = requireRoles(STAFF_VIEW_ROLES);

  // review reminders: once the server listens (never in tests that only inject), stopped with the app
  const reminders = new ReviewReminderJob(app.db, app.clock, app.log);
  app.addHook('onListen', async () => reminders.start());
  app.addHook('onClose', async () => reminders.stop());

  app.get(
    '/api/chief/review/options',
    {
      preHandler: planners,
      schema: {
        summary: 'What the planning form picks from: modules of regular and additional courses, and active reviewers',
        tags,
        response: Reply(PlanningOptionsSchema),
      },
    },
    async () => ok(await reviews.options()),
  );

  app.get(
    SLOTS,
    {
      preHandler: planners,
      schema: {
        summary: 'Review slots from `from` to `to` (`yyyy-MM-dd`, caller’s zone; default four weeks from today), with bookings',
        tags,
        querystring: SlotQuery,
        response: Reply(ReviewSlotList),
      },
    },
    async (request) => ok(await reviews.slots(request.query, request.zoneId)),
  );

  app.post(
    SLOTS,
    {
      preHandler: planners,
      schema: { summary: 'Plan a review slot', tags, body: SlotInput, response: Reply(ReviewSlotSchema) },
    },
    async (request) => ok(await reviews.plan(currentUser(request), request.body)),
  );

  app.put(
    `${SLOTS}/:id`,
    {
      preHandler: planners,
      schema: {
        summary: 'Move or edit a review slot (its waiting students hear of a new time)',
        tags,
        params: SlotIdParams,
        body: SlotInput,
        response: Reply(ReviewSlotSchema),
      },
    },
    async (request) => ok(await reviews.edit(request.params.id, request.body)),
  );

  app.delete(
    `${SLOTS}/:id`,
    {
      preHandler: planners,
      schema: {
        summary: 'Cancel a review slot: its waiting bookings become CANCELED and the students hear of it',
        tags,
        params: SlotIdParams,
        response: Reply(Done),
      },
    },
    async (request) => {
      await reviews.cancel(request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/api/mentor/review/slots',
    {
      preHandler: mentors,
      schema: {
        summary:
          'The reviewing mentor’s slots (a planner’s: all) from today on, and the last week’s while a booking waits, with the module’s code tasks',
        tags,
        response: Reply(MentorSlotList),
      },
    },
    async (request) => ok(await reviews.mentorSlots(currentUser(request), request.zoneId)),
  );

  app.post(
    '/api/mentor/review/outcome/:studentReviewId',
    {
      preHandler: mentors,
      schema: {
        summary: 'Record a waiting review’s outcome once its slot has started (the slot’s mentor or a planner), once',
        tags,
        params: StudentReviewParams,
        body: OutcomeInput,
        response: Reply(Done),
      },
    },
    async (request) => {
      await reviews.recordOutcome(currentUser(request), request.params.studentReviewId, request.body);
      return ok(null);
    },
  );

  // staff on a student's course page (view-as mode): writes for the student, so not view-as twins; a
  // MENTOR acts only for their own students and students without a mentor (requireActingFor)
  app.patch(
    '/api/mentor/review/discardReview',
    {
      preHandler: staff,
      schema: {
        summary: 'Reset a module’s review for a student: its review step open again, a waiting booking cancelled',
        tags,
        querystring: DiscardQuery,
        response: Reply(Done),
      },
    },
    async (request) => {
      await requireActingFor(request, request.query.studentId);
      await reviews.discardReview(request.query.moduleId, request.query.studentId);
      return ok(null);
    },
  );

  app.post(
    '/api/fake/protect/course/:courseId/module/:moduleId/done/:studentId',
    {
      preHandler: staff,
      schema: {
        summary: 'Mark every task of a module done for a student enrolled in the course (points once)',
        tags,
        params: ModuleDoneParams,
        response: Reply(Done),
      },
    },
    async (request) => {
      const { courseId, moduleId, studentId } = request.params;
      await requireActingFor(request, studentId);
      await reviews.moduleDone(courseId, moduleId, studentId);
      return ok(null);
    },
  );

  app.post(
    '/api/fake/protect/course/:courseId/finish/:studentId',
    {
      preHandler: staff,
      schema: {
        summary: 'Finish a course for a student enrolled in it: every task of every module done (points once; cannot be undone)',
        tags,
        params: FinishParams,
        response: Reply(Done),
      },
    },
    async (request) => {
      await requireActingFor(request, request.params.studentId);
      await reviews.finishCourse(request.params.courseId, request.params.studentId);
      return ok(null);
    },
  );
}
