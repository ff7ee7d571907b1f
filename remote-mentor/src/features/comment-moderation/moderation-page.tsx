import { useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router-dom';
import { failureOf, notify, useApproveCommentMutation, useDeleteCommentAsModeratorMutation } from '@academy/shared/api';
import type { PendingComment } from '@academy/shared/contract';
import { useI18n, useServerText } from '@academy/shared/i18n';
import { Button, Dialog, Skeleton } from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import { useT } from '../../i18n';
import { useGetPendingCommentsInfiniteQuery } from './moderation-api';
import './moderation.css';

function PendingItem({ comment }: { comment: PendingComment }) {
  const t = useT();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const { formatDateTime } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const [approve, approving] = useApproveCommentMutation();
  const [remove, removing] = useDeleteCommentAsModeratorMutation();
  const student = `${comment.student.firstName} ${comment.student.lastName}`;
  const target = { commentId: comment.id, taskId: comment.task.id };
  const titleId = `pending-${comment.id}`;

  const done = (result: { error?: unknown }, success: 'moderation.approved' | 'moderation.deleted') =>
    dispatch(
      result.error
        ? notify({ kind: 'danger', message: serverText(failureOf(result.error)), raw: true, timeout: 5000 })
        : notify({ kind: 'success', message: success }),
    );

  return (
    <li className="card moderation-item">
      <article aria-labelledby={titleId}>
        <header className="moderation-item__head">
          <h2 id={titleId} className="moderation-item__student">
            {student}
          </h2>
          {comment.student.direction && <span className="chip">{comment.student.direction}</span>}
          {comment.parentId !== null && <span className="chip chip--warning">{t('moderation.answer')}</span>}
          <time className="moderation-item__date" dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </time>
        </header>
        <p className="moderation-item__task">
          <span className="moderation-item__course">{comment.task.courseName}</span>
          {' · '}
          <Link to={comment.taskPath}>{t('moderation.openTask', { task: comment.task.title })}</Link>
        </p>
        {/* plain text: React escapes it, pre-wrap keeps its line breaks */}
        <p className="moderation-item__text">{comment.text}</p>
        <div className="moderation-item__actions">
          <Button busy={approving.isLoading} onClick={() => void approve(target).then((r) => done(r, 'moderation.approved'))}>
            {t('moderation.approve')}
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('moderation.delete')}
          </Button>
        </div>
      </article>
      <Dialog
        open={confirming}
        title={t('moderation.deleteTitle')}
        onClose={() => setConfirming(false)}
        closeLabel={t('close')}
        footer={
          <>
            <Button
              variant="danger"
              busy={removing.isLoading}
              onClick={() =>
                void remove(target).then((r) => {
                  setConfirming(false);
                  done(r, 'moderation.deleted');
                })
              }
            >
              {t('moderation.delete')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('moderation.cancel')}
            </Button>
          </>
        }
      >
        <p>{t('moderation.deleteText', { name: student })}</p>
      </Dialog>
    </li>
  );
}

/**
 * Comments awaiting moderation (spec 1 §6), oldest first: who wrote it, on which task (opened in
 * view-as-student mode), the text as plain text; approve, or delete after a confirmation.
 */
export default function ModerationPage() {
  const t = useT();
  const list = useGetPendingCommentsInfiniteQuery();
  const pages = list.data?.pages;
  // once: a page read after its cursor's comment was deleted may repeat one the list holds already
  const comments = useMemo(() => {
    if (!pages) return undefined;
    const seen = new Set<number>();
    return pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && seen.add(item.id));
  }, [pages]);

  return (
    <section className="moderation" aria-labelledby="moderation-title">
      <h1 id="moderation-title">{t('moderation.title')}</h1>
      <p className="moderation__lead">{t('moderation.lead')}</p>
      <QueryState
        query={{ ...list, data: comments }}
        skeleton={
          <div className="moderation__skeleton" role="status" aria-label={t('loading')}>
            <Skeleton height={140} />
            <Skeleton height={140} />
          </div>
        }
        error={t('moderation.loadError')}
        retry
        empty={<p className="card moderation__empty">{t('moderation.empty')}</p>}
      >
        {(comments) => (
          <>
            <p className="moderation__count" aria-live="polite">
              {list.hasNextPage
                ? t('moderation.countMore', { count: comments.length })
                : t('moderation.count', { count: comments.length })}
            </p>
            <ul className="moderation__list" aria-busy={list.isFetching}>
              {comments.map((comment) => (
                <PendingItem key={comment.id} comment={comment} />
              ))}
            </ul>
            {list.hasNextPage && (
              <Button variant="secondary" block busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t('moderation.more')}
              </Button>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
