import { lazy, Suspense, useState } from 'react';
import { failureOf, usePageStatus } from '@academy/shared/api';
import { STAFF_VIEW_ROLES } from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { Alert, Button, PrerenderedPart, Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n/comments';
import { CommentForm } from './comment-form';
import type { ThreadMode } from './comment-item';
import { useCreateTaskCommentMutation, useGetTaskCommentsQuery } from './comments-api';
import './comments.css';

/**
 * A comment as shown (its text with links and faces, its answers, its actions): fetched only for a thread
 * that has comments, when they arrive; a task without any (most are) never loads it.
 */
const CommentItem = lazy(async () => ({ default: (await import('./comment-item')).CommentItem }));

export interface CommentThreadProps {
  /** the course task whose thread it is */
  taskId: number;
  /** the id of the new comment's text field (the comment prompt leads there) */
  fieldId?: string;
}

function ThreadSkeleton({ label }: { label: string }) {
  return (
    <div className="comments__skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {[0, 1].map((i) => (
        <div key={i} className="comments__skeleton-row">
          <Skeleton width={36} height={36} className="comments__skeleton-avatar" />
          <div className="comments__skeleton-lines">
            <Skeleton width="30%" height={14} />
            <Skeleton height={14} />
            <Skeleton width="70%" height={14} />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The comment thread under a task (spec 1 §2, §4): the count, the form for a new comment, each
 * comment with its answers. In view-as-student mode it is read-only, except that staff approve or
 * delete the comments awaiting moderation.
 */
export function CommentThread({ taskId, fieldId }: CommentThreadProps) {
  const t = useT();
  const serverText = useServerText();
  const { status, profile } = usePageStatus();
  const thread = useGetTaskCommentsQuery(taskId, { skip: status === 'NOT_READY' });
  const [create, creating] = useCreateTaskCommentMutation();
  const [pendingNote, setPendingNote] = useState(false);
  const mode: ThreadMode = {
    readOnly: status !== 'NORMAL',
    moderator: profile !== undefined && STAFF_VIEW_ROLES.includes(profile.role.name),
  };
  const comments = thread.currentData;
  const count = comments?.reduce((sum, c) => sum + 1 + c.dependentComments.length, 0) ?? 0;

  const submit = async (text: string) => {
    const result = await create({ taskId, text });
    if (!result.data) return false;
    setPendingNote(result.data.preModerate);
    return true;
  };

  return (
    <section className="card comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="comments__title">
        {comments ? t('comments.title', { count }) : t('comments.heading')}
      </h2>
      {!mode.readOnly && (
        <CommentForm
          fieldId={fieldId}
          label={t('comments.newLabel')}
          labelHidden
          placeholder={t('comments.placeholder')}
          submitLabel={t('comments.send')}
          busy={creating.isLoading}
          error={creating.error ? serverText(failureOf(creating.error)) : null}
          onSubmit={submit}
        />
      )}
      {pendingNote && (
        <Alert kind="info" className="comments__alert">
          {t('comments.sentForModeration')}
        </Alert>
      )}
      {thread.isError && !comments ? (
        <Alert kind="danger" className="comments__alert">
          {t('comments.loadError')}{' '}
          <Button variant="secondary" onClick={() => void thread.refetch()}>
            {t('comments.retry')}
          </Button>
        </Alert>
      ) : !comments ? (
        <ThreadSkeleton label={t('loading')} />
      ) : comments.length === 0 ? (
        <p className="comments__empty">{mode.readOnly ? t('comments.emptyReadOnly') : t('comments.empty')}</p>
      ) : (
        <Suspense fallback={<ThreadSkeleton label={t('loading')} />}>
          <ol className="comments__list comments__list--top">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} taskId={taskId} mode={mode} />
            ))}
          </ol>
          <PrerenderedPart />
        </Suspense>
      )}
      {/* the thread is as it will be (its items, a lazy chunk, come above): the page may hand its copy over */}
      {!(comments && comments.length > 0) && <PrerenderedPart />}
    </section>
  );
}
