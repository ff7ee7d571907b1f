import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { type ApiFailure, failureIf, failureOf, notify } from '@academy/shared/api';
import { nextStepTarget, taskPath } from '@academy/shared/domain';
import { lazyRemote, RemotePiece } from '@academy/shared/federation';
import { useServerText } from '@academy/shared/i18n';
import { useT } from '../../i18n/task';
import {
  ActionRow,
  Alert,
  Button,
  PageSkeleton,
  PrerenderedHandoff,
  PrerenderedParts,
  Skeleton,
  useDocumentTitle,
} from '@academy/shared/ui';
import { taskKindEntry } from '../../task-kinds/registry';
import { CommentPrompt, useCommentPrompt } from './comment-prompt';
import { DraftStatus } from './draft-status';
import { TaskHeadingBar } from './task-heading-bar';
import {
  useCancelMentorCheckAnswerMutation,
  useGetChapterNavigationQuery,
  useGetIsLastTaskQuery,
  useGetStudentTaskQuery,
  useGetTaskAvailabilityQuery,
  useResetStudentTaskMutation,
  useSolveStudentLectureMutation,
  useSolveStudentTaskMutation,
} from './task-api';
import { useAnswerSender } from './use-answer-sender';
import { useTaskAddress } from './use-task-address';
import { takesDraft, useTaskDraft } from './use-task-draft';
import { useCodeTry } from './use-code-try';
import { TaskVerdictBanner } from './task-verdict-banner';
import { TaskHints } from './task-hints';
import { StepPager } from './step-pager';
import { useFollowRun } from './use-follow-run';
import './task.css';
import { StudentNotFound } from '../../components/student-not-found';

/** The mentor's verdict panel, exposed by remote-mentor and loaded at run time (ARCHITECTURE). */
const MentorTaskVerdict = lazyRemote('mentor/TaskVerdict');

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
  useDocumentTitle(item && heading.data ? t('task.pageTitle', { task: item.taskTitle, course: heading.data.courseName }) : null);
  const navigation = useGetChapterNavigationQuery(
    { chapterId: heading.data?.chapterId ?? 0, courseId: address?.courseId ?? 0, studentId: fake },
    { skip: !heading.data },
  );
  const isLast = useGetIsLastTaskQuery(item?.courseTaskId ?? 0, { skip: !item });
  const taskArgs = { courseTaskId: item?.courseTaskId ?? 0, kind: item?.taskType ?? 'lecture', studentId: fake };
  const task = useGetStudentTaskQuery(taskArgs, { skip: !item });
  const [solve, solving] = useSolveStudentTaskMutation();
  const [solveLecture] = useSolveStudentLectureMutation();
  const [reset, resetting] = useResetStudentTaskMutation();
  const [cancel, cancelling] = useCancelMentorCheckAnswerMutation();
  // issue 29: the student's answers go through the browser's queue, the unfinished one is a server-side draft
  const sender = useAnswerSender(status === 'NORMAL' ? profile?.id : undefined);
  const [refusal, setRefusal] = useState<{ courseTaskId: number; failure: ApiFailure } | null>(null);
  const draft = useTaskDraft(task.currentData?.studentTaskId ?? 0, status === 'NORMAL' && takesDraft(item?.taskType));
  const tryCode = useCodeTry(status === 'NORMAL' && item?.taskType === 'code' ? task.currentData?.studentTaskId : undefined);
  const lectureSent = useRef<number | null>(null);
  // spec 1 §2: the right-solution banner answers a submit made on this visit; a solved task reopened shows none
  const [answered, setAnswered] = useState<{ visit: string; courseTaskId: number } | null>(null);
  const { search } = useLocation();
  const role = profile?.role.name;
  const prompt = useCommentPrompt(address?.courseId ?? 0, additional);
  // a code answer a grader is checking: followed until its result is in
  useFollowRun(item ? taskArgs : null, task.currentData, address?.courseId ?? 0, () => {
    if (status === 'NORMAL') void prompt.afterRightSolution().catch(() => undefined);
  });
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
  // spec 2 §6: staff always may; for a paying student the server says whether code, checks and reviews are open
  const askAvailability =
    status === 'NORMAL' &&
    role === 'PAY_STUDENT' &&
    (item?.taskType === 'code' || item?.taskType === 'mentorCheckTask' || item?.taskType === 'review_step');
  const availability = useGetTaskAvailabilityQuery(
    { courseTaskId: item?.courseTaskId ?? 0, kind: item?.taskType ?? 'lecture' },
    { skip: !item || !askAvailability },
  );

  // this address's task only: while another loads, not the previous task's body, banner or history link
  const data = task.currentData;
  const lectureCourseId = address?.courseId ?? 0;
  // a lecture counts as solved when opened (own page only)
  useEffect(() => {
    if (data && data.type === 'lecture' && !data.solved && status === 'NORMAL' && lectureSent.current !== data.studentTaskId) {
      lectureSent.current = data.studentTaskId;
      void solveLecture({ task: data, courseId: lectureCourseId });
    }
  }, [data, status, solveLecture, lectureCourseId]);

  const loadFailure = failureIf(task.error ?? heading.error);

  if (!address) return <StudentNotFound />;
  const { courseId, m, c, n } = address;
  const keep = fake ? `?studentId=${fake}` : '';
  const coursePath = `/user/courses/${additional ? 'additional/' : ''}${courseId}${keep}`;
  // spec 2 §2: to the course page, which says why the task is closed (until the student goes on)
  if (loadFailure?.status === 423) return <Navigate to={coursePath} replace state={{ lockedTask: serverText(loadFailure) }} />;
  if (loadFailure?.status === 404 || (heading.data && !item)) return <StudentNotFound />;
  // the answer starts from the student's draft (the server's copy has it in its data: task-data.ts)
  if (!heading.data || !data || !draft.ready) {
    return <PageSkeleton label={t('loading')} />;
  }

  // an administrator may answer for a student (support); other staff only look
  const answeringForStudent = status === 'FAKE' && role === 'ADMIN';
  const unavailable = askAvailability && availability.data?.available === false ? availability.data : null;
  const readOnly = (status !== 'NORMAL' && !answeringForStudent) || unavailable !== null;
  const mentorView = status === 'FAKE' && fake !== null && (role === 'MENTOR' || role === 'CHIEF_MENTOR');
  const submit = async (payload: Record<string, unknown>) => {
    setRefusal(null);
    // the text sent stays the draft: a reset, a cancelled sending or "needs changes" starts from it
    void draft.keep();
    const result = answeringForStudent
      ? await solve({ task: data, courseId, payload, studentId: fake })
      : await sender.send(data, courseId, payload);
    if ('error' in result && result.error) setRefusal({ courseTaskId: data.courseTaskId, failure: failureOf(result.error) });
    if (!('data' in result) || !result.data) return;
    if (!mentorCheck) setAnswered({ visit, courseTaskId: result.data.courseTaskId });
    if (status === 'NORMAL' && result.data.lastActionIsRight) void prompt.afterRightSolution().catch(() => undefined);
  };
  const failure = refusal?.courseTaskId === data.courseTaskId ? refusal.failure : undefined;
  const solveFailure = data.type === 'mentorCheckTask' ? undefined : failure;
  const sendFailure = data.type === 'mentorCheckTask' ? failure : undefined;
  // an answer waiting in the queue (offline): shown as such, and not sent a second time meanwhile
  const waiting = sender.queued.some((item) => item.task.studentTaskId === data.studentTaskId);
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
  const mentorCheck = data.type === 'mentorCheckTask';
  const locked = readOnly || data.solved;
  const rightAnswerNow =
    data.type !== 'mentorCheckTask' &&
    data.type !== 'lecture' &&
    data.lastActionIsRight &&
    answered?.visit === visit &&
    answered.courseTaskId === data.courseTaskId;
  const Body = kind.Body;

  const copyMentorLink = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${window.location.pathname}?studentId=${profile?.id}`);
      dispatch(notify({ kind: 'success', message: 'task.linkCopied' }));
    } catch {
      dispatch(notify({ kind: 'danger', message: 'task.linkCopyFailed' }));
    }
  };

  // the server's copy of this page (its data rendered) is replaced once this one has the same: the task's
  // body, when it has one, and the comment thread's items (both load lazily: each part tells when it is in)
  return (
    <PrerenderedParts parts={Comments ? 2 : 1}>
      <article className="task-page" aria-labelledby="task-title">
        <Link to={coursePath} className="back-link">
          ← {heading.data.courseName}
        </Link>
        <TaskHeadingBar heading={heading.data} address={{ courseId, additional, m, c, n }} fake={fake} />

        <section className="card task-body">
          <h1 id="task-title" className="task-body__title">
            {data.title}
          </h1>
          {status !== 'NORMAL' && (
            <Alert kind="info">{answeringForStudent ? t('task.adminAnswering') : t('task.readOnly')}</Alert>
          )}
          {unavailable && (
            <Alert kind="warning">
              {unavailable.reasonKey
                ? t(`task.unavailable.${unavailable.reasonKey}`)
                : (unavailable.reason ?? t('task.unavailable'))}
            </Alert>
          )}
          {/* sanitized on import */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: data.description }} />
          {!Body && <PrerenderedHandoff />}
          {Body && (
            <Suspense fallback={<Skeleton height={120} />}>
              <Body
                key={`${data.studentTaskId}:${data.solved}:${data.lastActionIsRight}:${data.lastActionIsWrong}:${data.answerId}:${data.pending}:${draft.generation}`}
                task={data}
                moduleId={heading.data.moduleId}
                available={item?.available !== false && unavailable === null}
                locked={locked}
                // an administrator answering for a student may not send a mentor check in their name
                readOnly={mentorCheck ? readOnly || status !== 'NORMAL' : readOnly}
                busy={(mentorCheck ? cancelling.isLoading : solving.isLoading) || sender.busy || waiting}
                error={mentorCheck && sendFailure?.status === 400 ? serverText(sendFailure) : null}
                onSubmit={(payload) => void submit(payload)}
                // the answer stays in the editor: kept as the draft before it is taken back
                onCancel={() => void draft.keep().then(() => cancel({ task: data, courseId }))}
                draft={draft.answer}
                onTry={readOnly ? undefined : tryCode}
                onAnswerChange={(answer, initial) => draft.change(answer, status === 'NORMAL' && !locked && !initial)}
              />
              <PrerenderedHandoff />
            </Suspense>
          )}
          {status === 'NORMAL' && kind.Body && takesDraft(data.type) && <DraftStatus draft={draft} />}
          {waiting && <Alert kind="info">{t('outbox.waiting')}</Alert>}
          <TaskVerdictBanner task={data} failure={solveFailure} rightNow={rightAnswerNow} />
          <TaskHints hints={data.hints} />
          <ActionRow>
            {status === 'NORMAL' &&
              !readOnly &&
              data.type !== 'lecture' &&
              data.type !== 'mentorCheckTask' &&
              // a review step is passed at the review, not answered here
              data.type !== 'review_step' &&
              (data.solved || data.lastActionIsWrong) && (
                <Button
                  variant="secondary"
                  // the answer stays in the editor: reset clears the result, not the text
                  onClick={() => void draft.keep().then(() => reset({ task: data, courseId }))}
                  busy={resetting.isLoading}
                >
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
        <StepPager heading={heading.data} address={{ courseId, additional, m, c, n }} fake={fake} />
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
    </PrerenderedParts>
  );
}
