import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { notify, type ApiFailure } from '@academy/shared/api';
import { nextStepTarget, taskIconState, taskPath } from '@academy/shared/domain';
import { lazyRemote, RemotePiece } from '@academy/shared/federation';
import { useServerText } from '@academy/shared/i18n';
import { useT } from '../../i18n/task';
import {
  ActionRow,
  Alert,
  Button,
  NotFoundPage,
  PageSkeleton,
  PrerenderedHandoff,
  Skeleton,
  usePrerenderedHandoff,
} from '@academy/shared/ui';
import { TaskIcon } from '@academy/shared/task-kinds';
import { taskKindEntry } from '../../task-kinds/registry';
import { CommentPrompt, useCommentPrompt } from './comment-prompt';
import {
  useCancelMentorCheckAnswerMutation,
  useGetChapterNavigationQuery,
  useGetIsLastTaskQuery,
  useGetStudentTaskQuery,
  useGetTaskAvailabilityQuery,
  useResetStudentTaskMutation,
  useSendMentorCheckAnswerMutation,
  useSolveStudentLectureMutation,
  useSolveStudentTaskMutation,
} from './task-api';
import { useTaskAddress } from './use-task-address';
import './task.css';

/** The mentor's verdict panel, exposed by remote-mentor and loaded at run time (ARCHITECTURE). */
const MentorTaskVerdict = lazyRemote('mentor/TaskVerdict');

/** Refusals whose server text tells the student what to do (a rule, a closed module, a busy sandbox and when to retry). */
const SERVER_TEXT_STATUSES: ReadonlyArray<number | string> = [400, 423, 429, 503];

/** The id of the new comment's field: the comment prompt after a right answer leads there. */
const COMMENT_FIELD_ID = 'task-comment-text';

/** The comment thread under the task, composed by the routes (features do not import each other). */
export type TaskCommentsSlot = ComponentType<{ taskId: number; fieldId?: string }>;

/** The task page (spec 1 §2, spec 2 §2.2–2.4); `comments`: the thread shown below the task. */
export function TaskPage({ additional, comments: Comments }: { additional: boolean; comments?: TaskCommentsSlot }) {
  const t = useT();
  const serverText = useServerText();
  const dispatch = useDispatch();
  const { pathname, key: visit } = useLocation();
  const { address, status, profile, fake, heading, item } = useTaskAddress(additional);
  const navigation = useGetChapterNavigationQuery(
    { chapterId: heading.data?.chapterId ?? 0, courseId: address?.courseId ?? 0, studentId: fake },
    { skip: !heading.data },
  );
  const isLast = useGetIsLastTaskQuery(item?.courseTaskId ?? 0, { skip: !item });
  const task = useGetStudentTaskQuery(
    { courseTaskId: item?.courseTaskId ?? 0, kind: item?.taskType ?? 'lecture', studentId: fake },
    { skip: !item },
  );
  const [solve, solving] = useSolveStudentTaskMutation();
  const [solveLecture] = useSolveStudentLectureMutation();
  const [reset, resetting] = useResetStudentTaskMutation();
  const [send, sending] = useSendMentorCheckAnswerMutation();
  const [cancel, cancelling] = useCancelMentorCheckAnswerMutation();
  const lectureSent = useRef<number | null>(null);
  // spec 1 §2: the right-solution banner answers a submit made on this visit; a solved task reopened shows none
  const [answered, setAnswered] = useState<{ visit: string; courseTaskId: number } | null>(null);
  const { search } = useLocation();
  const role = profile?.role.name;
  const prompt = useCommentPrompt(address?.courseId ?? 0, additional);
  const closePrompt = prompt.close;
  // the prompt's "write a comment" closes it, then brings the comment field into view and focus
  const writeComment = useCallback(() => {
    closePrompt();
    window.setTimeout(() => {
      const field = document.getElementById(COMMENT_FIELD_ID);
      field?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      field?.focus({ preventScroll: true });
    }, 0);
  }, [closePrompt]);
  // spec 2 §6: staff always may; for a paying student the server says whether code and checks are open
  const askAvailability =
    status === 'NORMAL' && role === 'PAY_STUDENT' && (item?.taskType === 'code' || item?.taskType === 'mentorCheckTask');
  const availability = useGetTaskAvailabilityQuery(
    { courseTaskId: item?.courseTaskId ?? 0, kind: item?.taskType ?? 'lecture' },
    { skip: !item || !askAvailability },
  );

  // this address's task only: while another loads, not the previous task's body, banner or history link
  const data = task.currentData;
  // the server's copy of this page (its data rendered) is replaced once this one has the same: with the
  // task's body, when it has one (it loads lazily: PrerenderedHandoff below, inside its Suspense)
  usePrerenderedHandoff(Boolean(heading.data && data && !taskKindEntry(data.type).Body));
  const lectureCourseId = address?.courseId ?? 0;
  // a lecture counts as solved when opened (own page only)
  useEffect(() => {
    if (data && data.type === 'lecture' && !data.solved && status === 'NORMAL' && lectureSent.current !== data.studentTaskId) {
      lectureSent.current = data.studentTaskId;
      void solveLecture({ task: data, courseId: lectureCourseId });
    }
  }, [data, status, solveLecture, lectureCourseId]);

  const loadFailure = (task.error ?? heading.error) as ApiFailure | undefined;
  useEffect(() => {
    if (loadFailure?.status === 423)
      dispatch(notify({ kind: 'warning', message: serverText(loadFailure), raw: true, timeout: 5000 }));
  }, [loadFailure, dispatch, serverText]);

  if (!address) return <NotFoundPage />;
  const { courseId, m, c, n } = address;
  const keep = fake ? `?studentId=${fake}` : '';
  const coursePath = `/user/courses/${additional ? 'additional/' : ''}${courseId}${keep}`;
  if (loadFailure?.status === 423) return <Navigate to={coursePath} replace />;
  if (loadFailure?.status === 404 || (heading.data && !item)) return <NotFoundPage />;
  if (!heading.data || !data) return <PageSkeleton label={t('loading')} />;

  // an administrator may answer for a student (support); other staff only look
  const answeringForStudent = status === 'FAKE' && role === 'ADMIN';
  const unavailable = askAvailability && availability.data?.available === false ? availability.data : null;
  const readOnly = (status !== 'NORMAL' && !answeringForStudent) || unavailable !== null;
  const mentorView = status === 'FAKE' && fake !== null && (role === 'MENTOR' || role === 'CHIEF_MENTOR');
  const submit = async (payload: Record<string, unknown>) => {
    const result = await solve({ task: data, courseId, payload, studentId: answeringForStudent ? fake : null });
    if (result.data) setAnswered({ visit, courseTaskId: result.data.courseTaskId });
    if (status === 'NORMAL' && result.data?.lastActionIsRight) void prompt.afterRightSolution().catch(() => undefined);
  };
  const solveFailure = solving.error as ApiFailure | undefined;
  const sendFailure = sending.error as ApiFailure | undefined;
  const next = navigation.data
    ? nextStepTarget(
        { modulePosition: m, chapterPosition: c, taskPosition: n },
        heading.data.taskHeadingDtos.length,
        navigation.data,
      )
    : undefined;
  const nextPath = next
    ? taskPath({ courseId, additional }, next.modulePosition, next.chapterPosition, next.taskPosition, fake)
    : '/';
  const kind = taskKindEntry(data.type);
  const rightAnswerNow =
    data.type !== 'mentorCheckTask' &&
    data.type !== 'lecture' &&
    data.lastActionIsRight &&
    answered?.visit === visit &&
    answered.courseTaskId === data.courseTaskId;
  const Body = kind.Body;
  const mentorCheck = data.type === 'mentorCheckTask';

  const copyMentorLink = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${window.location.pathname}?studentId=${profile?.id}`);
      dispatch(notify({ kind: 'success', message: 'task.linkCopied' }));
    } catch {
      dispatch(notify({ kind: 'danger', message: 'task.linkCopyFailed' }));
    }
  };

  return (
    <article className="task-page" aria-labelledby="task-title">
      <Link to={coursePath} className="back-link">
        ← {heading.data.courseName}
      </Link>
      <header className="task-heading card">
        <img src={heading.data.coursePicUrl} alt="" width={120} height={68} className="task-heading__picture" />
        <div>
          <p className="task-heading__chapter">{heading.data.chapterName}</p>
          <nav aria-label={t('task.heading')}>
            <ol className="task-heading__icons">
              {heading.data.taskHeadingDtos.map((h, i) => (
                <li key={h.courseTaskId}>
                  <Link
                    to={taskPath({ courseId, additional }, m, c, i + 1, fake)}
                    aria-current={i + 1 === n ? 'page' : undefined}
                    className="task-heading__icon-link"
                  >
                    <TaskIcon
                      kind={h.taskType}
                      state={taskIconState({
                        type: h.taskType,
                        solved: h.solved,
                        checked: h.checked,
                        needToResolve: h.needToResolve,
                      })}
                      title={h.taskTitle}
                    />
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        </div>
      </header>

      <section className="card task-body">
        <h1 id="task-title" className="task-body__title">
          {data.title}
        </h1>
        {status !== 'NORMAL' && <Alert kind="info">{answeringForStudent ? t('task.adminAnswering') : t('task.readOnly')}</Alert>}
        {unavailable && (
          <Alert kind="warning">
            {unavailable.reasonKey
              ? t(`task.unavailable.${unavailable.reasonKey}`)
              : (unavailable.reason ?? t('task.unavailable'))}
          </Alert>
        )}
        {/* sanitized on import */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: data.description }} />
        {Body && (
          <Suspense fallback={<Skeleton height={120} />}>
            <Body
              key={`${data.studentTaskId}:${data.solved}:${data.lastActionIsRight}:${data.lastActionIsWrong}:${data.answerId}:${data.pending}`}
              task={data}
              moduleId={heading.data.moduleId}
              available={item?.available !== false && unavailable === null}
              locked={readOnly || data.solved}
              // an administrator answering for a student may not send a mentor check in their name
              readOnly={mentorCheck ? readOnly || status !== 'NORMAL' : readOnly}
              busy={mentorCheck ? sending.isLoading || cancelling.isLoading : solving.isLoading}
              error={mentorCheck && sendFailure?.status === 400 ? serverText(sendFailure) : null}
              onSubmit={(payload) =>
                mentorCheck ? void send({ task: data, courseId, answer: String(payload.answer ?? '') }) : void submit(payload)
              }
              onCancel={() => void cancel({ task: data, courseId })}
            />
            <PrerenderedHandoff />
          </Suspense>
        )}
        {solveFailure && (
          <Alert kind="danger">
            {SERVER_TEXT_STATUSES.includes(solveFailure.status) ? serverText(solveFailure) : t('FailedToSubmitSolution')}
          </Alert>
        )}
        {!solveFailure && rightAnswerNow && <Alert kind="success">{t('TheRightSolution')}</Alert>}
        {!solveFailure && data.type !== 'mentorCheckTask' && data.lastActionIsWrong && (
          <Alert kind="danger">{t('InvalidSolutionCheckAgain')}</Alert>
        )}
        <ActionRow>
          {status === 'NORMAL' &&
            !readOnly &&
            data.type !== 'lecture' &&
            data.type !== 'mentorCheckTask' &&
            // a review step is passed at the review, not answered here
            data.type !== 'review_step' &&
            (data.solved || data.lastActionIsWrong) && (
              <Button variant="secondary" onClick={() => void reset({ task: data, courseId })} busy={resetting.isLoading}>
                {t('task.reset')}
              </Button>
            )}
          <Link to={nextPath} className="btn btn--primary">
            {isLast.data ? t('task.backToCourses') : t('task.next')}
          </Link>
          {kind.keepsSolutions && (status !== 'FAKE' || profile?.role.name !== 'PAY_STUDENT') && (
            <Link to={`${pathname}/solutions${keep}`} className="btn btn--ghost">
              {t('history.link')}
            </Link>
          )}
          {status === 'NORMAL' && profile?.role.name === 'PAY_STUDENT' && (
            <Button variant="ghost" onClick={() => void copyMentorLink()}>
              {t('task.copyMentorLink')}
            </Button>
          )}
        </ActionRow>
      </section>
      {mentorView && kind.keepsSolutions && (
        <RemotePiece
          component={MentorTaskVerdict}
          props={{ task: data, studentId: fake, draftKey: `${pathname}${search}` }}
          loading={<Skeleton height={160} />}
          fallback={<Alert kind="warning">{t('mentor.unavailable')}</Alert>}
        />
      )}
      {Comments && (
        <Suspense fallback={<Skeleton height={160} />}>
          <Comments key={data.courseTaskId} taskId={data.courseTaskId} fieldId={COMMENT_FIELD_ID} />
        </Suspense>
      )}
      <CommentPrompt message={prompt.message} onClose={prompt.close} onWrite={Comments ? writeComment : undefined} />
    </article>
  );
}
