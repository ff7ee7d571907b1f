import { useEffect, useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { failureOf, notify, useApproveCommentMutation, useDeleteCommentAsModeratorMutation } from '@academy/shared/api';
import type { CommentAuthor, TaskComment } from '@academy/shared/contract';
import { useI18n, useServerText } from '@academy/shared/i18n';
import { Button, Dialog } from '@academy/shared/ui';
import { useT } from '../../i18n/comments';
import { CommentForm } from './comment-form';
import { CommentText } from './comment-text';
import {
  useAnswerTaskCommentMutation,
  useDeleteTaskCommentMutation,
  useEditTaskCommentMutation,
  useSetTaskCommentLikeMutation,
} from './comments-api';

/** What the reader may do in this thread. */
export interface ThreadMode {
  /** view-as-student: reading only (no form, likes, answers, edits) */
  readOnly: boolean;
  /** staff: approve or delete comments awaiting moderation */
  moderator: boolean;
}

const initials = (user: CommentAuthor) => `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

function Avatar({ user }: { user: CommentAuthor }) {
  const [broken, setBroken] = useState(false);
  if (user.avatarUrl && !broken)
    return <img className="comment__avatar" src={user.avatarUrl} alt="" width={36} height={36} onError={() => setBroken(true)} />;
  return (
    <span className="comment__avatar comment__avatar--initials" aria-hidden>
      {initials(user)}
    </span>
  );
}

/** Whether the author's edit window is still open: true until `until`, then false by itself. */
function useOpenUntil(until: string | null): boolean {
  const deadline = until ? Date.parse(until) : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = deadline - Date.now();
    if (left <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(left + 50, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [deadline, now]);
  return deadline > now;
}

/** Tells the reader why an action failed (a toast with the server's text). */
function useFailureNotice() {
  const dispatch = useDispatch();
  const serverText = useServerText();
  return (failure: unknown) =>
    dispatch(notify({ kind: 'danger', message: serverText(failureOf(failure)), raw: true, timeout: 5000 }));
}

interface ConfirmProps {
  open: boolean;
  title: string;
  text: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

function ConfirmDelete({ open, title, text, busy, onConfirm, onClose }: ConfirmProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      closeLabel={t('close')}
      footer={
        <>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {t('comments.delete')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('comments.cancel')}
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}

interface ItemProps {
  comment: TaskComment;
  taskId: number;
  mode: ThreadMode;
  /** opens the answer form of the comment's top-level comment, answering this one */
  onAnswer?(comment: TaskComment): void;
}

/** One comment: author, date, text, likes, and what the reader may do with it. */
function CommentBody({ comment, taskId, mode, onAnswer }: ItemProps) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const serverText = useServerText();
  const failed = useFailureNotice();
  const authorId = useId();
  const editable = useOpenUntil(comment.editableUntil);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'own' | 'moderation' | null>(null);
  const [setLike] = useSetTaskCommentLikeMutation();
  const [edit, editState] = useEditTaskCommentMutation();
  const [remove, removing] = useDeleteTaskCommentMutation();
  const [approve, approving] = useApproveCommentMutation();
  const [moderate, moderating] = useDeleteCommentAsModeratorMutation();
  const name = `${comment.user.firstName} ${comment.user.lastName}`;

  const likers = comment.commentsLikes.map((u) => `${u.firstName} ${u.lastName}`);
  const likedBy =
    likers.length > 0 ? t('comments.likedBy', { names: likers.join(', '), more: comment.likes - likers.length }) : undefined;
  const mayLike = !mode.readOnly && (!comment.preModerate || comment.mine);
  const mayAnswer = !mode.readOnly && !comment.preModerate && onAnswer !== undefined;
  const mayChange = !mode.readOnly && comment.mine && editable;

  const like = async () => {
    const result = await setLike({ taskId, commentId: comment.id, like: !comment.likedByMe });
    if (result.error) failed(result.error);
  };
  const saveEdit = async (newText: string) => {
    const result = await edit({ taskId, commentId: comment.id, newText });
    if (result.error) return false;
    setEditing(false);
    return true;
  };
  const confirmed = async () => {
    const result =
      confirm === 'moderation'
        ? await moderate({ taskId, commentId: comment.id })
        : await remove({ taskId, commentId: comment.id });
    setConfirm(null);
    if (result.error) failed(result.error);
  };
  const approveNow = async () => {
    const result = await approve({ taskId, commentId: comment.id });
    if (result.error) failed(result.error);
  };

  return (
    <article className={`comment${comment.preModerate ? ' comment--pending' : ''}`} aria-labelledby={authorId}>
      <Avatar user={comment.user} />
      <div className="comment__main">
        <header className="comment__head">
          <span id={authorId} className="comment__author">
            {name}
          </span>
          <time className="comment__date" dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </time>
          {comment.edited && <span className="comment__edited">{t('comments.edited')}</span>}
          {comment.preModerate && <span className="chip chip--warning">{t('comments.pending')}</span>}
        </header>
        {editing ? (
          <CommentForm
            label={t('comments.editLabel')}
            labelHidden
            submitLabel={t('comments.save')}
            initial={comment.text}
            busy={editState.isLoading}
            error={editState.error ? serverText(failureOf(editState.error)) : null}
            focusOnOpen
            onSubmit={saveEdit}
            onCancel={() => {
              editState.reset();
              setEditing(false);
            }}
          />
        ) : (
          <CommentText text={comment.text} />
        )}
        <div className="comment__actions">
          {mayLike ? (
            <button
              type="button"
              className={`comment__like${comment.likedByMe ? ' comment__like--on' : ''}`}
              aria-pressed={comment.likedByMe}
              aria-label={t('comments.like', { count: comment.likes })}
              title={likedBy}
              onClick={() => void like()}
            >
              <span aria-hidden>♥</span> {comment.likes}
            </button>
          ) : (
            comment.likes > 0 && (
              <span className="comment__likes" title={likedBy}>
                <span aria-hidden>♥</span> {t('comments.likes', { count: comment.likes })}
              </span>
            )
          )}
          {mayAnswer && (
            <button type="button" className="link-btn comment__action" onClick={() => onAnswer(comment)}>
              {t('comments.answer')}
            </button>
          )}
          {mayChange && !editing && (
            <>
              <button type="button" className="link-btn comment__action" onClick={() => setEditing(true)}>
                {t('comments.edit')}
              </button>
              <button type="button" className="link-btn comment__action" onClick={() => setConfirm('own')}>
                {t('comments.delete')}
              </button>
            </>
          )}
          {mode.moderator && comment.preModerate && (
            <>
              <Button
                variant="primary"
                className="comment__moderate"
                busy={approving.isLoading}
                onClick={() => void approveNow()}
              >
                {t('comments.approve')}
              </Button>
              <Button variant="danger" className="comment__moderate" onClick={() => setConfirm('moderation')}>
                {t('comments.delete')}
              </Button>
            </>
          )}
        </div>
      </div>
      <ConfirmDelete
        open={confirm !== null}
        title={t('comments.deleteTitle')}
        text={comment.parentId === null ? t('comments.deleteWithAnswers') : t('comments.deleteText')}
        busy={removing.isLoading || moderating.isLoading}
        onConfirm={() => void confirmed()}
        onClose={() => setConfirm(null)}
      />
    </article>
  );
}

/** A top-level comment with its answers and the answer form. */
export function CommentItem({ comment, taskId, mode }: Omit<ItemProps, 'onAnswer'>) {
  const t = useT();
  const serverText = useServerText();
  const [answerTo, setAnswerTo] = useState<TaskComment | null>(null);
  const [send, sending] = useAnswerTaskCommentMutation();
  const [pendingNote, setPendingNote] = useState(false);

  const open = (target: TaskComment) => {
    sending.reset();
    setAnswerTo(target);
  };
  const submit = async (text: string) => {
    if (!answerTo) return false;
    const result = await send({ taskId, commentId: answerTo.id, text });
    if (!result.data) return false;
    setPendingNote(result.data.preModerate);
    setAnswerTo(null);
    return true;
  };
  // answering an answer starts with its author's name
  const initial = answerTo && answerTo.parentId !== null && !answerTo.mine ? `${answerTo.user.firstName}, ` : '';

  return (
    <li className="comments__item">
      <CommentBody comment={comment} taskId={taskId} mode={mode} onAnswer={open} />
      {(comment.dependentComments.length > 0 || answerTo || pendingNote) && (
        <div className="comment__answers">
          {comment.dependentComments.length > 0 && (
            <ol className="comments__list" aria-label={t('comments.answersTo', { name: comment.user.firstName })}>
              {comment.dependentComments.map((answer) => (
                <li key={answer.id} className="comments__item">
                  <CommentBody comment={answer} taskId={taskId} mode={mode} onAnswer={open} />
                </li>
              ))}
            </ol>
          )}
          {pendingNote && <p className="comments__note">{t('comments.sentForModeration')}</p>}
          {answerTo && (
            <CommentForm
              key={answerTo.id}
              label={t('comments.answerLabel', { name: `${answerTo.user.firstName} ${answerTo.user.lastName}` })}
              labelHidden
              submitLabel={t('comments.sendAnswer')}
              initial={initial}
              busy={sending.isLoading}
              error={sending.error ? serverText(failureOf(sending.error)) : null}
              focusOnOpen
              onSubmit={submit}
              onCancel={() => setAnswerTo(null)}
            />
          )}
        </div>
      )}
    </li>
  );
}
