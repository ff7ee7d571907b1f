import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { StudentTask } from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { RUN_POLL_MS, TASK_KIND_ENTRIES, useRunEnded } from '@academy/shared/task-kinds';
import { api, failureIf } from '@academy/shared/api';
import { useDispatch } from 'react-redux';
import { ActionRow, Alert, Button, NotFoundPage, PrerenderedHandoff, Skeleton, useDocumentTitle } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { StepHeading, StepHeadingSkeleton } from './step-heading';
import {
  useGetEnrolleeStepHeadingQuery,
  useGetEnrolleeStepTaskQuery,
  useResetEnrolleeStepMutation,
  useSolveEnrolleeLectureMutation,
  useSolveEnrolleeStepMutation,
} from './steps-api';
import './steps.css';

/** Refusals whose server text tells the student what to do (a rule, a busy sandbox and when to retry). */
const SERVER_TEXT_STATUSES: ReadonlyArray<number | string> = [400, 423, 429, 503];

/** The kinds a step answers with a form (a lecture is read on open; a mentor check or review is not answered here). */
const answered = (task: StudentTask) => task.type !== 'lecture' && task.type !== 'mentorCheckTask' && task.type !== 'review_step';

/** The step's task: its text, its kind's body (the course pages' own), the result, reset and the next step. */
function StepTask({ task, position, count, allDone }: { task: StudentTask; position: number; count: number; allDone: boolean }) {
  const t = useT();
  const serverText = useServerText();
  const { key: visit } = useLocation();
  const [solve, solving] = useSolveEnrolleeStepMutation();
  const [reset, resetting] = useResetEnrolleeStepMutation();
  // spec 1 §2: the right-solution banner answers a submit made on this visit; a solved step reopened shows none
  const [answeredNow, setAnsweredNow] = useState<{ visit: string; courseTaskId: number } | null>(null);
  const Body = TASK_KIND_ENTRIES[task.type].Body;
  const failure = failureIf(solving.error);
  const submit = async (payload: Record<string, unknown>) => {
    const result = await solve({ task, payload });
    if (result.data) setAnsweredNow({ visit, courseTaskId: result.data.courseTaskId });
  };
  const rightNow =
    answered(task) && task.lastActionIsRight && answeredNow?.visit === visit && answeredNow.courseTaskId === task.courseTaskId;
  return (
    <section className="card step-task">
      <p className="step-task__counter">{t('steps.counter', { n: position, count })}</p>
      <h1 id="step-title" className="step-task__title">
        {task.title}
      </h1>
      {/* sanitized on import */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: task.description }} />
      {Body ? (
        <Suspense fallback={<Skeleton height={120} />}>
          <Body
            key={`${task.studentTaskId}:${task.solved}:${task.lastActionIsRight}:${task.lastActionIsWrong}`}
            task={task}
            moduleId={0}
            available
            locked={task.solved}
            readOnly={false}
            busy={solving.isLoading}
            error={null}
            onSubmit={(payload) => void submit(payload)}
            onCancel={() => undefined}
          />
          {/* the page the server rendered stays until the live one has the same body (its fields carry over) */}
          <PrerenderedHandoff />
        </Suspense>
      ) : (
        <>
          <PrerenderedHandoff />
          {task.type !== 'lecture' && <Alert kind="info">{t('steps.notAnsweredHere')}</Alert>}
        </>
      )}
      {failure && (
        <Alert kind="danger">{SERVER_TEXT_STATUSES.includes(failure.status) ? serverText(failure) : t('steps.sendFailed')}</Alert>
      )}
      {!failure && rightNow && <Alert kind="success">{t('steps.right')}</Alert>}
      {!failure && answered(task) && task.lastActionIsWrong && <Alert kind="danger">{t('steps.wrong')}</Alert>}
      {allDone && position === count && <AllDone />}
      <ActionRow>
        {answered(task) && (task.solved || task.lastActionIsWrong) && (
          <Button variant="secondary" onClick={() => void reset(task)} busy={resetting.isLoading}>
            {t('steps.reset')}
          </Button>
        )}
        {position < count && (
          <Link to={`/enrollee/${position + 1}`} className="btn btn--primary">
            {t('steps.next')}
          </Link>
        )}
      </ActionRow>
    </section>
  );
}

/** Every step solved (issue 29): what comes next, and where to go meanwhile. */
function AllDone() {
  const t = useT();
  return (
    <Alert kind="success">
      <strong>{t('steps.allDone')}</strong> {t('steps.whatNext')} <Link to="/enrollee/1">{t('steps.again')}</Link> ·{' '}
      <Link to="/enrollee/contacts">{t('steps.questions')}</Link>
    </Alert>
  );
}

/** The step body's place while the task loads. */
function StepTaskSkeleton({ label }: { label: string }) {
  return (
    <div className="card step-task" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <Skeleton width={90} height={14} />
      <Skeleton width="50%" height={28} />
      <Skeleton height={14} />
      <Skeleton width="80%" height={14} />
      <Skeleton height={120} />
    </div>
  );
}

/**
 * Spec 2 §2.13, `/enrollee/{position}`: the heading with the direction's icon, the progress and the
 * row of steps; then the step's task, answered with the course pages' bodies; a lecture counts as
 * read when opened; the next step while there is one. A position the course does not have is not found.
 */
export function StepPage({ position }: { position: number }) {
  const t = useT();
  const heading = useGetEnrolleeStepHeadingQuery(position);
  const step = heading.data?.taskIcons[position - 1];
  const dispatch = useDispatch();
  const args = { position, taskId: step?.directionTaskId ?? 0 };
  const task = useGetEnrolleeStepTaskQuery(args, { skip: !step });
  // a code answer a grader is checking: the step is asked for again until its result is in, then the heading's points
  const running = Boolean(task.currentData?.run);
  useGetEnrolleeStepTaskQuery(args, { skip: !step || !running, pollingInterval: RUN_POLL_MS });
  useRunEnded(running, () => dispatch(api.util.invalidateTags([{ type: 'Course', id: 'enrollee-steps' }])));
  const [solveLecture] = useSolveEnrolleeLectureMutation();
  const lectureSent = useRef<number | null>(null);
  // this position's task only: while another loads, not the previous step's body
  const data = task.currentData;
  useDocumentTitle(data ? t('steps.pageTitle', { n: position, title: data.title }) : null);
  useEffect(() => {
    if (data && data.type === 'lecture' && !data.solved && lectureSent.current !== data.studentTaskId) {
      lectureSent.current = data.studentTaskId;
      void solveLecture(data);
    }
  }, [data, solveLecture]);

  const failure = failureIf(heading.error ?? task.error);
  if (failure?.key === 'noEnrolleeCourse') return <Alert kind="info">{t('steps.noCourse')}</Alert>;
  if (failure?.status === 404 || (heading.data && !step)) return <NotFoundPage />;
  if (failure) return <Alert kind="danger">{t('steps.loadError')}</Alert>;
  return (
    <article className="step-page" aria-labelledby={data ? 'step-title' : undefined} aria-busy={!data}>
      {/* the heading stays while the next step loads: only what changes is a skeleton */}
      {heading.data ? <StepHeading heading={heading.data} /> : <StepHeadingSkeleton />}
      {data && heading.data ? (
        <StepTask
          key={data.courseTaskId}
          task={data}
          position={position}
          count={heading.data.taskIcons.length}
          allDone={heading.data.taskIcons.every((icon) => icon.solved)}
        />
      ) : (
        <StepTaskSkeleton label={t('steps.loading')} />
      )}
    </article>
  );
}
