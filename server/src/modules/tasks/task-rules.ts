import type { TaskKind } from '@academy/shared/contract';
import { type ApiError, badRequest, locked } from '../../common/errors';
import type { Subject } from '../../plugins/subject';
import type { TaskRow } from './repository';

/** An answer of one kind sent to a task of another: a 400 naming both. */
export function checkKind(task: TaskRow, kind: TaskKind): void {
  if (kind !== task.kind) throw badRequest('server.wrongKind', { id: task.id, kind: task.kind, expected: kind });
}

/**
 * Code tasks, mentor checks and module reviews are part of the full programme (what costs a
 * person's time or the sandbox): a TRIAL student (the /demo registration) sees them but cannot
 * submit or book (spec 2 §6: availability is the server's answer; docs/product-decisions.md, "Trial accounts").
 */
export function trialLock(subject: Subject, task: TaskRow): ApiError | null {
  if (subject.student.payment_type !== 'TRIAL') return null;
  if (task.kind === 'code' || task.kind === 'mentorCheckTask' || task.kind === 'review_step') return locked('server.trialLocked');
  return null;
}
