import { useCallback, useState } from 'react';
import { useT } from '../../i18n/task';
import { Button, Dialog } from '@academy/shared/ui';
import { useLazyGetStudentAdditionalCourseViewsQuery, useLazyGetStudentCourseViewsQuery } from '../../api/courses-api';
import { useLazyGetServerMessageQuery } from './task-api';

/** Spec 1 §2 and §9: the prompt shows when the student's points are below this share of the course's. */
export const COMMENT_PROMPT_FRACTION = 0.2;

const shownKey = (courseId: number) => `academy:comment-prompt:${courseId}`;

function alreadyShown(courseId: number): boolean {
  try {
    return window.sessionStorage.getItem(shownKey(courseId)) !== null;
  } catch {
    return false;
  }
}

function markShown(courseId: number): void {
  try {
    window.sessionStorage.setItem(shownKey(courseId), '1');
  } catch {
    // storage blocked: the prompt may show again, nothing else happens
  }
}

/**
 * After a right solution, a student who has less than a fifth of the course's points is invited to
 * write a comment (text from `GET /api/user/message/writeComment`). Shown once per course and
 * browser session, so a newcomer solving task after task is not interrupted every time.
 */
export function useCommentPrompt(courseId: number, additional: boolean) {
  const [loadRegular] = useLazyGetStudentCourseViewsQuery();
  const [loadAdditional] = useLazyGetStudentAdditionalCourseViewsQuery();
  const [loadMessage] = useLazyGetServerMessageQuery();
  const [message, setMessage] = useState<string | null>(null);

  const afterRightSolution = useCallback(async () => {
    if (alreadyShown(courseId)) return;
    const views = await (additional ? loadAdditional({ studentId: null }) : loadRegular({ studentId: null })).unwrap();
    const course = views.find((view) => view.id === courseId);
    if (!course || course.coursePoints <= 0 || course.studentPoints / course.coursePoints >= COMMENT_PROMPT_FRACTION) return;
    const { message: text } = await loadMessage('writeComment', true).unwrap();
    markShown(courseId);
    setMessage(text);
  }, [courseId, additional, loadRegular, loadAdditional, loadMessage]);

  const close = useCallback(() => setMessage(null), []);
  return { message, afterRightSolution, close };
}

/** The prompt; `onWrite` (when the page has a comment form) closes it and leads to the form. */
export function CommentPrompt({ message, onClose, onWrite }: { message: string | null; onClose(): void; onWrite?(): void }) {
  const t = useT();
  return (
    <Dialog
      open={message !== null}
      title={t('task.commentPromptTitle')}
      onClose={onClose}
      closeLabel={t('close')}
      footer={
        onWrite ? (
          <>
            <Button onClick={onWrite}>{t('task.commentPromptWrite')}</Button>
            <Button variant="secondary" onClick={onClose}>
              {t('task.commentPromptOk')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>{t('task.commentPromptOk')}</Button>
        )
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
