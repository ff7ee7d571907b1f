import { Link } from 'react-router-dom';
import type { TaskHeading } from '@academy/shared/contract';
import { taskIconState, taskPath } from '@academy/shared/domain';
import { TaskIcon } from '@academy/shared/task-kinds';
import { useT } from '../../i18n/task';

/** Where a task is: its chapter's heading, its place in the course, and the student viewed (null: one's own). */
export interface TaskPlaceProps {
  heading: TaskHeading;
  address: { courseId: number; additional: boolean; m: number; c: number; n: number };
  fake: number | null;
}

/** The chapter's title and its tasks' icons above a task, the current one marked (spec 1 §2). */
export function TaskHeadingBar({ heading, address: { courseId, additional, m, c, n }, fake }: TaskPlaceProps) {
  const t = useT();
  return (
    <header className="task-heading card">
      <img src={heading.coursePicUrl} alt="" width={120} height={68} className="task-heading__picture" />
      <div>
        <p className="task-heading__chapter">{heading.chapterName}</p>
        <nav aria-label={t('task.heading')}>
          <ol className="task-heading__icons">
            {heading.taskHeadingDtos.map((h, i) => (
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
  );
}
