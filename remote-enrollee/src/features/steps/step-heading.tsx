import { Link } from 'react-router-dom';
import type { EnrolleeHeading } from '@academy/shared/contract';
import { progressPercent, taskIconState } from '@academy/shared/domain';
import { TaskIcon } from '@academy/shared/task-kinds';
import { Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n';
import { useGetEnrolleeDirectionPicQuery } from './steps-api';

/** The direction's icon: its enrollee course's picture, named by the direction for screen readers. */
function DirectionIcon() {
  const t = useT();
  const { data } = useGetEnrolleeDirectionPicQuery();
  if (!data) return <Skeleton width={96} height={54} />;
  return (
    <img
      className="step-heading__icon"
      src={data.directionPicUrl}
      alt={t('steps.directionIcon', { direction: data.directionName ?? t(`direction.${data.direction}`) })}
      width={96}
      height={54}
    />
  );
}

/**
 * Spec 2 §2.13: the direction's icon, the progress (floor of 100 × studentPoints / coursePoints) and
 * the row of steps, each a link to its step in the colours of its state, the current one marked.
 */
export function StepHeading({ heading }: { heading: EnrolleeHeading }) {
  const t = useT();
  const percent = progressPercent(heading.studentPoints, heading.coursePoints);
  const done = percent === 100;
  return (
    <header className="step-heading card">
      <div className="step-heading__top">
        <DirectionIcon />
        <div className="step-heading__titles">
          {heading.directionName && <p className="step-heading__direction">{heading.directionName}</p>}
          <p className="step-heading__course">{heading.courseName}</p>
        </div>
        <p className={`step-heading__percent${done ? ' step-heading__percent--done' : ''}`}>
          <strong>{percent}%</strong>
          <span className="step-heading__points">
            {t('steps.points', { student: heading.studentPoints, course: heading.coursePoints })}
          </span>
        </p>
      </div>
      <div
        className={`progress${done ? ' progress--done' : ''}`}
        role="progressbar"
        aria-label={t('steps.progress', { percent })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <nav aria-label={t('steps.row')}>
        <ol className="step-heading__steps">
          {heading.taskIcons.map((step) => {
            const state = taskIconState({
              type: step.taskType,
              solved: step.solved,
              checked: step.checked,
              needToResolve: step.needToResolve,
            });
            return (
              <li key={step.directionTaskId}>
                <Link
                  to={`/enrollee/${step.position}`}
                  className={`step-heading__step${step.current ? ' step-heading__step--current' : ''}`}
                  aria-current={step.current ? 'step' : undefined}
                  aria-label={t('steps.step', { n: step.position, title: step.title, state: t(`steps.state.${state}`) })}
                >
                  <TaskIcon kind={step.taskType} state={state} />
                  <span className="step-heading__number" aria-hidden>
                    {step.position}
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
    </header>
  );
}

/** The heading's place while it loads. */
export function StepHeadingSkeleton() {
  return (
    <div className="step-heading card" aria-hidden>
      <div className="step-heading__top">
        <Skeleton width={96} height={54} />
        <div className="step-heading__titles">
          <Skeleton width={180} height={16} />
          <Skeleton width={240} height={20} />
        </div>
      </div>
      <Skeleton height={8} />
      <Skeleton width="60%" height={32} />
    </div>
  );
}
