import {
  MENTOR_QUEUE_ASSIGNER_ROLES,
  verdictPromiseState,
  type MentorQueueEntry,
  type MentorQueueMentor,
  type MentorQueuePage,
  type MentorQueuePerson,
  type MentorQueueQuery,
  type RoleName,
} from '@academy/shared/contract';
import { formatDateTime } from '../../common/dates';
import type { AppConfig } from '../../config';
import type { Clock } from '../../plugins/clock';
import { ApiError, badRequest, notFound } from '../../common/errors';
import type { MentorQueueRepository, QueueFilter, QueueRow, QueueScope, TakeHolder } from './repository';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The caller of a queue call. */
export interface QueueViewer {
  id: number;
  role: RoleName;
}

/** The instant a verdict on an answer sent at `submittedAt` is promised by. */
export const verdictPromisedBy = (submittedAt: Date, promiseHours: number): Date =>
  new Date(submittedAt.getTime() + promiseHours * HOUR_MS);

const person = (id: number | null, firstName: string | null, lastName: string | null): MentorQueuePerson | null =>
  id === null ? null : { id, firstName: firstName ?? '', lastName: lastName ?? '' };

const fullName = (holder: { first_name: string; last_name: string }) => `${holder.first_name} ${holder.last_name}`.trim();

/** A MENTOR's queue is their own; the chief mentor and administrators read everyone's. */
const scopeOf = (viewer: QueueViewer): QueueScope =>
  (MENTOR_QUEUE_ASSIGNER_ROLES as readonly RoleName[]).includes(viewer.role)
    ? { kind: 'all' }
    : { kind: 'mentor', mentorId: viewer.id };

/**
 * The mentor's work queue (docs/courses.md, "Mentor queue"): which waiting answers a mentor sees, who checks
 * which (a take that runs out by itself), the chief mentor's reassignments, and the verdict promised
 * to the student. Time is the app's clock; the answers' states belong to task-state.
 */
export function createMentorQueueService(queue: MentorQueueRepository, clock: Clock, settings: AppConfig['mentorQueue']) {
  const promiseMs = () => settings.promiseHours * HOUR_MS;

  function entry(row: QueueRow, viewer: QueueViewer, now: Date): MentorQueueEntry {
    const promisedBy = verdictPromisedBy(row.created_at, settings.promiseHours);
    return {
      answerId: row.answer_id,
      studentTaskId: row.student_task_id,
      student: { id: row.student_id, firstName: row.student_first_name, lastName: row.student_last_name },
      studentMentor: person(row.student_mentor_id, row.student_mentor_first_name, row.student_mentor_last_name),
      assignedTo: person(row.assigned_id, row.assigned_first_name, row.assigned_last_name),
      course: { id: row.course_id, name: row.course_name, additional: row.course_kind === 'additional' },
      task: { id: row.task_id, title: row.task_title },
      position: { module: row.module_position, chapter: row.chapter_position, task: row.task_position },
      submittedAt: row.created_at.toISOString(),
      promisedBy: promisedBy.toISOString(),
      waitingMinutes: Math.max(0, Math.floor((now.getTime() - row.created_at.getTime()) / MINUTE_MS)),
      promiseState: verdictPromiseState(row.created_at, promisedBy, now),
      takenBy: person(row.taken_by, row.taken_first_name, row.taken_last_name),
      takenUntil: row.take_expires_at ? new Date(row.take_expires_at).toISOString() : null,
      takenByMe: row.taken_by === viewer.id,
    };
  }

  /** One waiting answer the viewer's queue holds; a 404 for one it does not (checked, withdrawn, another's). */
  async function visibleEntry(answerId: number, viewer: QueueViewer, now: Date): Promise<MentorQueueEntry> {
    const [row] = await queue.page({ scope: scopeOf(viewer), answerId }, now, 0, 1);
    if (!row) throw notFound('server.queueNoAnswer', { id: answerId });
    return entry(row, viewer, now);
  }

  const takenByOther = (key: 'server.queueTakenByOther' | 'server.queueVerdictTaken', holder: TakeHolder, zone: string) =>
    new ApiError(409, key, { name: fullName(holder), until: formatDateTime(new Date(holder.take_expires_at), zone) });

  const takeUntil = (now: Date) => new Date(now.getTime() + settings.takeMinutes * MINUTE_MS);

  return {
    async page(viewer: QueueViewer, query: Required<Pick<MentorQueueQuery, 'page' | 'pageSize'>> & MentorQueueQuery) {
      const now = clock.now();
      const overdueBy = new Date(now.getTime() - promiseMs());
      const filter: QueueFilter = {
        scope: scopeOf(viewer),
        mentorId: query.mentorId,
        withoutMentor: query.withoutMentor,
        sentBy: query.overdueOnly ? overdueBy : undefined,
      };
      const [rows, counts] = await Promise.all([
        queue.page(filter, now, (query.page - 1) * query.pageSize, query.pageSize),
        queue.count(filter, now, overdueBy),
      ]);
      return {
        entries: rows.map((row) => entry(row, viewer, now)),
        total: counts.total,
        overdue: counts.overdue,
        page: query.page,
        pageSize: query.pageSize,
        promiseHours: settings.promiseHours,
        takeMinutes: settings.takeMinutes,
      } satisfies MentorQueuePage;
    },

    /** Takes an answer of the viewer's queue to check (or extends their own take); 409 naming who has it. */
    async take(answerId: number, viewer: QueueViewer, zone: string): Promise<MentorQueueEntry> {
      const now = clock.now();
      await visibleEntry(answerId, viewer, now);
      if (!(await queue.take(answerId, viewer.id, scopeOf(viewer), now, takeUntil(now)))) {
        const holder = await queue.liveTake(answerId, now);
        if (holder && holder.id !== viewer.id) throw takenByOther('server.queueTakenByOther', holder, zone);
      }
      return visibleEntry(answerId, viewer, now);
    },

    /** Gives back the viewer's own take; an answer nobody holds stays as it is. */
    async release(answerId: number, viewer: QueueViewer, zone: string): Promise<MentorQueueEntry> {
      const now = clock.now();
      await visibleEntry(answerId, viewer, now);
      if (!(await queue.release(answerId, viewer.id))) {
        const holder = await queue.liveTake(answerId, now);
        if (holder && holder.id !== viewer.id)
          throw new ApiError(409, 'server.queueReleaseNotYours', {
            name: fullName(holder),
            until: formatDateTime(holder.take_expires_at, zone),
          });
      }
      return visibleEntry(answerId, viewer, now);
    },

    /** The chief mentor gives a waiting answer to a mentor; a take by anyone else ends. */
    async assign(answerId: number, mentorId: number, viewer: QueueViewer): Promise<MentorQueueEntry> {
      const now = clock.now();
      await visibleEntry(answerId, viewer, now);
      if (!(await queue.findMentor(mentorId))) throw badRequest('server.queueNotMentor');
      if (!(await queue.assign(answerId, mentorId, viewer.id, now))) throw notFound('server.queueNoAnswer', { id: answerId });
      return visibleEntry(answerId, viewer, now);
    },

    async mentors(): Promise<MentorQueueMentor[]> {
      const rows = await queue.mentors();
      return rows.map((row) => ({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        role: row.role as MentorQueueMentor['role'],
        waiting: Number(row.waiting),
      }));
    },

    /**
     * Before a verdict: the mentor takes the answer (a free one, one whose take ran out, or their own),
     * with the same conditional write as a take and the same rule of whose answers (a MENTOR judges only
     * the answers of their queue), so a verdict and a take cannot both win. While another mentor's take
     * lasts the verdict is refused (409, naming them); an answer of another mentor's queue is refused as
     * the queue refuses it (404). An answer that no longer waits is left to the verdict's own check.
     */
    async claimForVerdict(answerId: number, viewer: QueueViewer, zone: string): Promise<void> {
      const now = clock.now();
      if (await queue.take(answerId, viewer.id, scopeOf(viewer), now, takeUntil(now))) return;
      const holder = await queue.liveTake(answerId, now);
      if (holder && holder.id !== viewer.id) throw takenByOther('server.queueVerdictTaken', holder, zone);
      const waits = (await queue.count({ scope: { kind: 'all' }, answerId }, now, now)).total > 0;
      if (waits) throw notFound('server.queueNoAnswer', { id: answerId });
    },
  };
}

export type MentorQueueService = ReturnType<typeof createMentorQueueService>;
