import fp from 'fastify-plugin';
import type { App } from '../../common/types';
import { createTaskRepository, type TaskRepository } from './repository';
import { createTaskService, type TaskService } from './service';
import type { TaskGate } from './task-deps';

declare module 'fastify' {
  interface FastifyInstance {
    /** the tasks' and answers' rows (the course content, the runs and the task routes read them) */
    taskRepository: TaskRepository;
    /**
     * The task rules behind an area's gate (which tasks are the student's): the course pages' by default,
     * the enrollee's lesson steps' with theirs. One service per gate, made once.
     */
    taskService(gate?: TaskGate): TaskService;
  }
}

/** The tasks' repository, made once (docs/architecture.md, "Server"). */
export const taskRepositoryPlugin = fp(
  async function taskRepositoryPlugin(app: App) {
    app.decorate('taskRepository', createTaskRepository(app.db));
  },
  { name: 'task-repository', dependencies: ['database'] },
);

/** The task rules, given their collaborators, each made by its own area's plugin. */
export default fp(
  async function tasksPlugin(app: App) {
    const deps = {
      db: app.db,
      clock: app.clock,
      settings: app.config.mentorQueue,
      tasks: app.taskRepository,
      courses: app.courseRepository,
      catalog: app.courseCatalog,
      progress: app.studentProgress,
      states: app.taskStates,
      queue: app.mentorQueue,
      runs: app.codeRuns,
      rateLimiter: app.rateLimiter,
      grading: { sandbox: app.sandbox, graders: app.graders, codeQueue: app.codeQueue },
    };
    const services = new Map<TaskGate | undefined, TaskService>();
    app.decorate('taskService', (gate?: TaskGate) => {
      let service = services.get(gate);
      if (!service) services.set(gate, (service = createTaskService(deps, gate)));
      return service;
    });
  },
  {
    name: 'tasks',
    dependencies: [
      'task-repository',
      'course-content',
      'task-state',
      'mentor-queue',
      'code-runs',
      'rate-limit',
      'sandbox',
      'clock',
    ],
  },
);
