import { STAFF_VIEW_ROLES } from '@academy/shared/contract';
import type { App } from '../../common/types';
import { COURSE_LEARNER_ROLES, type Subject } from '../../plugins/subject';
import { createReviewRepository } from './repository';
import {
  BookQuery,
  CodeDebtList,
  Done,
  EntryQuery,
  ModuleParams,
  ReviewEntrySchema,
  ReviewIdParams,
  ReviewListSchema,
  SearchBody,
  SlotParams,
  StudentReviewIdParams,
  TheoryDebtList,
} from './schemas';
import { createReviewService } from './service';

const tags = ['reviews'];

/** The student books, cancels and deletes their own reviews (normal mode only); staff only read. */
const own = { ownRoles: COURSE_LEARNER_ROLES, tags };

/**
 * Module reviews, the student's side (spec 2 §2.6, §2.7, §7; docs/courses.md, "Reviews"): the sign-up calendar,
 * booking and cancelling a seat, the review list and its debts. The view-as-student reads are staff's
 * (a classmate sees no one's reviews or debts).
 */
export default async function reviewsModule(app: App): Promise<void> {
  const reviews = createReviewService(createReviewRepository(app.db, app.courseRepository), app.clock);

  app.studentRoute({
    method: 'GET',
    own: '/api/student/review/module/:moduleId',
    fake: null,
    ...own,
    summary: 'The sign-up calendar of a module: its slots from now to the end of next month by day (`dd.MM`, caller’s zone)',
    params: ModuleParams,
    querystring: EntryQuery,
    response: ReviewEntrySchema,
    handler: (subject, { params, request }) => reviews.entry(subject.student.id, params.moduleId, request.zoneId),
  });
  app.studentRoute({
    method: 'POST',
    own: '/api/student/review/register/:reviewId',
    fake: null,
    ...own,
    summary: 'Book a seat of a review slot (400 when full, past, already booked for the module, or not the student’s module)',
    params: SlotParams,
    querystring: BookQuery,
    response: Done,
    handler: async (subject, { params, query }) => {
      await reviews.book(subject.student, params.reviewId, query.moduleId);
      return null;
    },
  });
  app.studentRoute({
    method: 'DELETE',
    own: '/api/student/review/register/:reviewId',
    fake: null,
    ...own,
    summary: 'Cancel the own waiting booking of a slot before it starts',
    params: SlotParams,
    response: Done,
    handler: async (subject, { params }) => {
      await reviews.cancel(subject.student.id, params.reviewId);
      return null;
    },
  });
  app.studentRoute({
    method: 'POST',
    own: '/api/student/review/',
    fake: '/api/fake/protect/student/review',
    ...own,
    fakeRoles: STAFF_VIEW_ROLES,
    readsOnly: true,
    summary:
      'The student’s reviews from `startTime` to `endTime` (`dd.MM.yyyy`; default 14 days either side of today), `reviewStatus` null for all',
    body: SearchBody,
    response: ReviewListSchema,
    handler: (subject, { body, request }) => reviews.list(subject, body ?? {}, request.zoneId),
  });
  app.studentRoute({
    method: 'DELETE',
    own: '/api/student/review/:id',
    fake: null,
    ...own,
    summary: 'Delete an own review that holds no result (cancelled, missed, or waiting before its start)',
    params: ReviewIdParams,
    response: Done,
    handler: async (subject, { params }) => {
      await reviews.remove(subject, params.id);
      return null;
    },
  });

  // the debts: the own address names the review `:id`, the view-as one `:studentReviewId`
  const debts = [
    { path: 'code', summary: 'The code tasks a review left to redo', response: CodeDebtList, read: reviews.codeDebts },
    {
      path: 'theory',
      summary: 'The theory questions a review left to learn',
      response: TheoryDebtList,
      read: reviews.theoryDebts,
    },
  ] as const;
  for (const debt of debts) {
    const read = (subject: Subject, id: number) => debt.read(subject, id);
    app.studentRoute({
      method: 'GET',
      own: `/api/student/review/:id/debt/${debt.path}`,
      fake: null,
      ...own,
      summary: debt.summary,
      params: ReviewIdParams,
      response: debt.response,
      handler: (subject, { params }) => read(subject, params.id),
    });
    app.studentRoute({
      method: 'GET',
      own: null,
      fake: `/api/fake/protect/student/review/:studentReviewId/debt/${debt.path}`,
      fakeRoles: STAFF_VIEW_ROLES,
      tags,
      summary: debt.summary,
      params: StudentReviewIdParams,
      response: debt.response,
      handler: (subject, { params }) => read(subject, params.studentReviewId),
    });
  }
}
