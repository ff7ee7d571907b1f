/**
 * The task kinds in the browser (the structure issue's per-kind registry): each kind's icon and
 * answer form, shared by the course pages (remote-student) and the enrollee's lesson steps
 * (remote-enrollee), so both show and grade-submit a task the same way.
 */
import './task-kinds.css';

export type { BodyProps } from './body-props';
export {
  lazyTaskBody,
  preloadTaskBodies,
  preloadTaskBodiesOnUse,
  TASK_KIND_ENTRIES,
  taskKindEntry,
  type TaskKindEntry,
} from './registry';
export { TaskIcon } from './task-icon';
export { useAnswer } from './use-answer';
export { RunProgress, Terminal } from './terminal';
export { RUN_POLL_MS, useRunEnded } from './use-run-polling';
export { texts as taskKindTexts } from './texts';
