import { failureOf } from '@academy/shared/api';
import type { MentorQueueEntry } from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { Alert, Dialog, Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { useGetQueueTaskProblemQuery } from './queue-api';

/**
 * The statement of a waiting answer's task as the student sees it (`GET /api/fake/user/task/part/{id}/problem`),
 * read before taking the answer: what the student was asked, without opening the task page.
 */
export function TaskProblemDialog({ entry, onClose }: { entry: MentorQueueEntry | null; onClose(): void }) {
  const t = useT();
  const serverText = useServerText();
  const problem = useGetQueueTaskProblemQuery(
    { courseTaskId: entry?.task.id ?? 0, studentId: entry?.student.id ?? 0 },
    { skip: entry === null },
  );
  return (
    <Dialog
      open={entry !== null}
      title={t('queue.problemTitle', { task: entry?.task.title ?? '' })}
      onClose={onClose}
      closeLabel={t('close')}
      width={640}
    >
      {entry && <p className="queue-problem__course">{entry.course.name}</p>}
      {problem.isError ? (
        <Alert kind="danger">{serverText(failureOf(problem.error))}</Alert>
      ) : problem.data && !problem.isFetching ? (
        problem.data.description ? (
          // sanitized on import (Markdown rendered with an allow-list), as on the task page
          <div className="rich-text queue-problem" dangerouslySetInnerHTML={{ __html: problem.data.description }} />
        ) : (
          <p className="queue-problem__course">{t('queue.problemEmpty')}</p>
        )
      ) : (
        <div role="status" aria-label={t('loading')}>
          <Skeleton height={16} />
          <Skeleton width="80%" height={16} />
        </div>
      )}
    </Dialog>
  );
}
