import fp from 'fastify-plugin';
import type { App } from '../../common/types';
import { createTaskState, type TaskStateOwner } from './task-state';

declare module 'fastify' {
  interface FastifyInstance {
    /** every change of a student's task state (answers, mentor checks, staff's completions, resets) */
    taskStates: TaskStateOwner;
  }
}

/** The task states' one writer, made once (docs/architecture.md, "Server"). */
export default fp(
  async function taskStatePlugin(app: App) {
    app.decorate('taskStates', createTaskState(app.db));
  },
  { name: 'task-state', dependencies: ['database'] },
);
