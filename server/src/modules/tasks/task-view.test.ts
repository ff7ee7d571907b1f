import type { Subject } from '../../plugins/subject';
import type { CodeRunRepository, RunView } from '../code-runs/repository';
import type { TaskState } from '../task-state/task-state';
import type { TaskRepository, TaskRow } from './repository';
import { createTaskView } from './task-view';

const task: TaskRow = {
  id: 7,
  kind: 'code',
  title: 'add',
  points: 5,
  description_html: '<p>add</p>',
  data: {
    language: 'python',
    placeholder: '',
    solution: 'x',
    tests: [{ name: 'add(1, 2)', call: 'add(1, 2)', expected: 3, hidden: false }],
  },
  course_id: 1,
  module_id: 1,
};
const state = (solved: boolean): TaskState => ({
  id: 3,
  student_id: 2,
  task_id: 7,
  solved,
  checked: solved,
  last_action: solved ? 'RIGHT' : 'WRONG',
  answer: null,
  points: solved ? 5 : 0,
});
const student = { fake: false, viewer: { role: 'PAY_STUDENT' } } as unknown as Subject;
const settings = { promiseHours: 24 } as never;

function viewWith(run: RunView | null, reread: jest.Mock) {
  const runs = { current: jest.fn(async () => run) } as unknown as CodeRunRepository;
  return createTaskView({} as TaskRepository, runs, settings, reread);
}

test('a run that ended after the state was read: the view shows the state read after it, not the verdict before', async () => {
  const reread = jest.fn(async () => state(true));
  // the caller read the state while the run was grading; the run has ended (and saved its result) since
  const view = await viewWith(null, reread)(student, task, state(false));
  expect(reread).toHaveBeenCalledWith(3);
  expect(view).toMatchObject({ solved: true, lastActionIsRight: true, lastActionIsWrong: false, run: null });
});

test('a run still going: its progress beside the state as read, nothing read again', async () => {
  const reread = jest.fn(async () => state(true));
  const run: RunView = { id: 9, status: 'running', test: 1, tests: 2 };
  const view = await viewWith(run, reread)(student, task, state(false));
  expect(reread).not.toHaveBeenCalled();
  expect(view).toMatchObject({ solved: false, run });
});
