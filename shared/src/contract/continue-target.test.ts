import type { ModuleView, TaskView } from './courses';
import { continueTarget } from './continue-target';

const task = (position: number, state: Partial<TaskView> = {}): TaskView => ({
  taskId: position,
  position,
  title: `Задача ${position}`,
  type: 'lecture',
  solved: false,
  checked: false,
  needToResolve: false,
  ...state,
});
const moduleOf = (position: number, blocked: boolean, tasks: TaskView[][]): ModuleView => ({
  moduleId: position,
  position,
  name: `Модуль ${position}`,
  blocked,
  allTaskAmount: 0,
  solvedTaskAmount: 0,
  chapterViewDtos: tasks.map((chapter, i) => ({
    chapterId: position * 10 + i,
    position: i + 1,
    name: `Глава ${i + 1}`,
    allTaskAmount: chapter.length,
    solvedTaskAmount: 0,
    taskViews: chapter,
  })),
});

describe('where a student goes on in a course', () => {
  it('is the first task left to do in an open module, a waiting mentor check done for now', () => {
    const modules = [
      moduleOf(1, false, [
        [task(1, { solved: true }), task(2, { solved: true, type: 'mentorCheckTask' })],
        [task(1), task(2)],
      ]),
      moduleOf(2, false, [[task(1)]]),
    ];
    expect(continueTarget(modules)).toEqual({ m: 1, c: 2, n: 1, title: 'Задача 1', chapter: 'Глава 2' });
  });

  it('takes a solved code task to solve again; nothing once all is done or the next module is closed', () => {
    expect(
      continueTarget([moduleOf(1, false, [[task(1, { solved: true }), task(2, { solved: true, needToResolve: true })]])]),
    ).toMatchObject({
      n: 2,
    });
    expect(continueTarget([moduleOf(1, false, [[task(1, { solved: true })]])])).toBeNull();
    expect(continueTarget([moduleOf(1, false, [[task(1, { solved: true })]]), moduleOf(2, true, [[task(1)]])])).toBeNull();
  });
});
