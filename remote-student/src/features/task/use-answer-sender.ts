import { useCallback, useEffect, useState } from 'react';
import { type ApiFailure, failureOf, useAcademyDispatch } from '@academy/shared/api';
import type { StudentTask } from '@academy/shared/contract';
import { newSubmissionKey, onOutboxChange, outbox, outboxChanged, type QueuedAnswer } from './answer-outbox';
import { taskEndpoints, type TaskRef } from './task-api';

/** What a sending came to: the task as graded, a refusal to show, or kept in the queue to send again. */
export type SendOutcome = { data: StudentTask } | { error: ApiFailure } | { queued: true };

/**
 * Failures after which the same answer is worth sending again: no network or no reply, the server down
 * or busy, too many at once, or the first request with the key still being graded. Any other refusal is
 * final (an invalid answer, a closed task): the answer leaves the queue and the page shows why.
 */
export function sendAgainLater(failure: ApiFailure): boolean {
  if (typeof failure.status !== 'number') return failure.status !== 'PARSING_ERROR';
  return failure.status >= 500 || failure.status === 429 || (failure.status === 409 && failure.key === 'submissionInProgress');
}

/** Keys being sent by this page now: the `online` event and a mount both flushing never send one twice at once. */
const sending = new Set<string>();

const ref = (task: TaskRef): TaskRef => ({ courseTaskId: task.courseTaskId, studentTaskId: task.studentTaskId, type: task.type });

/**
 * Answers sent through a queue (issue 29): each submission gets its key and is kept in the browser's
 * IndexedDB before it is sent, and leaves it once the server has answered. An answer sent offline or
 * whose request failed on the way stays and is sent again, with its key, when the network is back
 * (`online`) or the next time a task page opens; the server grades a key once.
 * `userId`: the signed-in student, whose queue this is.
 */
export function useAnswerSender(userId: number | undefined) {
  const dispatch = useAcademyDispatch();
  const [queued, setQueued] = useState<QueuedAnswer[]>([]);
  const [busy, setBusy] = useState(0);

  const deliver = useCallback(
    async (item: QueuedAnswer): Promise<SendOutcome> => {
      if (sending.has(item.key)) return { queued: true };
      sending.add(item.key);
      setBusy((n) => n + 1);
      try {
        const { task, courseId, payload, key } = item;
        const request =
          task.type === 'mentorCheckTask'
            ? dispatch(
                taskEndpoints.sendMentorCheckAnswer.initiate({ task, courseId, answer: String(payload.answer ?? ''), key }),
              )
            : dispatch(taskEndpoints.solveStudentTask.initiate({ task, courseId, payload, key }));
        const result = await request;
        request.reset();
        if ('error' in result && result.error && sendAgainLater(failureOf(result.error))) return { queued: true };
        await outbox()
          .remove(key)
          .catch(() => undefined);
        return 'data' in result && result.data ? { data: result.data } : { error: (result as { error: ApiFailure }).error };
      } finally {
        sending.delete(item.key);
        setBusy((n) => n - 1);
        // a failed sending shows as waiting now (not while it was on its way)
        outboxChanged();
      }
    },
    [dispatch],
  );

  const mine = useCallback(async () => {
    const all = await outbox()
      .all()
      .catch(() => [] as QueuedAnswer[]);
    return all.filter((item) => item.userId === userId);
  }, [userId]);

  /** Sends every queued answer of the student once more (oldest first). */
  const flush = useCallback(async () => {
    const items = (await mine()).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    for (const item of items) await deliver(item);
  }, [mine, deliver]);

  useEffect(() => {
    if (userId === undefined) return;
    // waiting: queued and not on its way right now
    const refresh = () => void mine().then((items) => setQueued(items.filter((item) => !sending.has(item.key))));
    const online = () => void flush();
    refresh();
    // what a previous visit left in the queue (a reload in the middle of sending, offline) goes now
    const start = setTimeout(online, 0);
    const unsubscribe = onOutboxChange(refresh);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(start);
      unsubscribe();
      window.removeEventListener('online', online);
    };
  }, [userId, mine, flush]);

  /** Sends an answer of the signed-in student: kept in the queue first, so a failure or a reload loses nothing. */
  const send = useCallback(
    async (task: TaskRef, courseId: number, payload: Record<string, unknown>): Promise<SendOutcome> => {
      const item: QueuedAnswer = {
        key: newSubmissionKey(),
        userId: userId ?? 0,
        courseId,
        task: ref(task),
        payload,
        queuedAt: new Date().toISOString(),
      };
      await outbox()
        .put(item)
        .catch(() => undefined);
      outboxChanged();
      return deliver(item);
    },
    [userId, deliver],
  );

  return { send, queued, busy: busy > 0 };
}
