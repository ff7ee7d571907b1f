import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { Subject } from '../../plugins/subject';
import type { CodeRunRepository } from '../code-runs/repository';
import type { CourseCatalog, StudentProgress } from '../courses/catalog';
import type { CourseRepository } from '../courses/repository';
import type { MentorQueueService } from '../mentor-queue/service';
import type { TaskStateOwner } from '../task-state/task-state';
import type { CodeGrading } from './code-grading';
import type { TaskRepository, TaskRow } from './repository';

/**
 * Which tasks a student may work on: the task by its id, or the refusal (a 404 for a task they may not
 * see, a 423 for one not open to them yet). The course pages' rule unless the area has its own (the
 * enrollee's lesson steps: the tasks of their direction's enrollee course).
 */
export type TaskGate = (subject: Subject, taskId: number) => Promise<TaskRow>;

/** What the task rules work with, each made once by its own area's plugin and given here. */
export interface TaskServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  settings: AppConfig['mentorQueue'];
  tasks: TaskRepository;
  courses: CourseRepository;
  catalog: CourseCatalog;
  progress: StudentProgress;
  states: TaskStateOwner;
  queue: MentorQueueService;
  runs: CodeRunRepository;
  rateLimiter: RateLimiter;
  grading: CodeGrading;
}
