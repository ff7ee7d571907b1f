import { Link } from 'react-router-dom';
import { taskPath } from '@academy/shared/domain';
import { useT } from '../../i18n/task';
import type { TaskPlaceProps } from './task-heading-bar';

/**
 * Under a task: the chapter's previous and next steps by their titles (issue 32, "Finding your way"),
 * beside the spec's next-step control (which also crosses chapters and modules).
 */
export function StepPager({ heading, address: { courseId, additional, m, c, n }, fake }: TaskPlaceProps) {
  const t = useT();
  const steps = heading.taskHeadingDtos;
  const previous = steps[n - 2];
  const next = steps[n];
  if (!previous && !next) return null;
  const to = (position: number) => taskPath({ courseId, additional }, m, c, position, fake);
  return (
    <nav className="step-pager" aria-label={t('task.neighbours')}>
      {previous && (
        <Link className="step-pager__link step-pager__link--previous" to={to(n - 1)}>
          <span className="step-pager__label">← {t('task.previousStep')}</span>
          <span className="step-pager__title">{previous.taskTitle}</span>
        </Link>
      )}
      {next && (
        <Link className="step-pager__link step-pager__link--next" to={to(n + 1)}>
          <span className="step-pager__label">{t('task.followingStep')} →</span>
          <span className="step-pager__title">{next.taskTitle}</span>
        </Link>
      )}
    </nav>
  );
}
