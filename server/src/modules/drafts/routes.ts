import { STAFF_VIEW_ROLES } from '@academy/shared/contract';
import type { App } from '../../common/types';
import { COURSE_LEARNER_ROLES } from '../../plugins/subject';
import { createDraftRepository } from './repository';
import { Draft, DraftBody, DraftParams, DRAFT_MAX_BYTES, SavedDraft } from './schemas';
import { createDraftService } from './service';

const tags = ['tasks'];

/** Drafts of unfinished answers (docs/product-decisions.md, "Nothing a student typed is lost"): the student saves and reads their own; staff read them in view-as. */
export default async function draftsModule(app: App): Promise<void> {
  const drafts = createDraftService(app.taskService(), createDraftRepository(app.db));

  app.studentRoute({
    method: 'GET',
    own: '/api/student/taskInfo/:id/draft',
    fake: '/api/fake/user/taskInfo/:id/draft',
    ownRoles: COURSE_LEARNER_ROLES,
    // staff see what the student is writing; a classmate never does
    fakeRoles: STAFF_VIEW_ROLES,
    summary: 'The draft of a task’s unfinished answer (null when there is none), with its version and saved time',
    tags,
    params: DraftParams,
    response: Draft,
    handler: (subject, { params }) => drafts.read(subject, params.id),
  });
  app.studentRoute({
    method: 'PUT',
    own: '/api/student/taskInfo/:id/draft',
    fake: null,
    ownRoles: COURSE_LEARNER_ROLES,
    summary: 'Save the draft of a task’s answer over the version it was based on (409 when another tab saved first)',
    tags,
    params: DraftParams,
    body: DraftBody,
    // a draft is at most DRAFT_MAX_BYTES of JSON: a body far above it is refused before it is read
    bodyLimit: 2 * DRAFT_MAX_BYTES,
    response: SavedDraft,
    handler: (subject, { params, body }) => drafts.save(subject, params.id, body.answer, body.version),
  });
}
