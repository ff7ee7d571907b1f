import { nextStepTarget, progressPercent, taskIconState, taskPath } from './courses';

describe('progress percentage (spec 1 §2)', () => {
  it('is the floor of 100 × student / course points', () => {
    expect(progressPercent(0, 58)).toBe(0);
    expect(progressPercent(20, 58)).toBe(34);
    expect(progressPercent(57, 58)).toBe(98);
    expect(progressPercent(58, 58)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('task icon state (spec 1 §4)', () => {
  const t = (type: 'code' | 'mentorCheckTask' | 'theory', solved: boolean, checked = false, needToResolve = false) =>
    taskIconState({ type, solved, checked, needToResolve });
  it('follows the rules per kind', () => {
    expect(t('theory', true)).toBe('completed');
    expect(t('theory', false)).toBe('plain');
    expect(t('code', true)).toBe('completed');
    expect(t('code', true, false, true)).toBe('unright');
    expect(t('mentorCheckTask', true, true)).toBe('completed');
    expect(t('mentorCheckTask', true, false)).toBe('need-check');
    expect(t('mentorCheckTask', false, true)).toBe('unright');
    expect(t('mentorCheckTask', false, false)).toBe('plain');
  });
});

describe('task path', () => {
  it('builds regular and additional addresses and keeps studentId', () => {
    expect(taskPath({ courseId: 4, additional: false }, 1, 2, 3, null)).toBe('/user/courses/4/1/2/3');
    expect(taskPath({ courseId: 4, additional: true }, 1, 1, 1, 9)).toBe('/user/courses/additional/4/1/1/1?studentId=9');
  });
});

describe('next-step target (spec 2 §2.2)', () => {
  const nav = (currentModuleChapterCount: number, moduleCount: number, nextChapterBlocked = false) => ({
    currentModuleChapterCount,
    moduleCount,
    nextChapterBlocked,
  });
  it('goes to the next task, the next chapter, the next module, then the root', () => {
    expect(nextStepTarget({ modulePosition: 1, chapterPosition: 1, taskPosition: 1 }, 3, nav(2, 3))).toEqual({
      modulePosition: 1,
      chapterPosition: 1,
      taskPosition: 2,
    });
    expect(nextStepTarget({ modulePosition: 1, chapterPosition: 1, taskPosition: 3 }, 3, nav(2, 3))).toEqual({
      modulePosition: 1,
      chapterPosition: 2,
      taskPosition: 1,
    });
    expect(nextStepTarget({ modulePosition: 1, chapterPosition: 2, taskPosition: 3 }, 3, nav(2, 3))).toEqual({
      modulePosition: 2,
      chapterPosition: 1,
      taskPosition: 1,
    });
    expect(nextStepTarget({ modulePosition: 1, chapterPosition: 1, taskPosition: 3 }, 3, nav(2, 3, true))).toEqual({
      modulePosition: 2,
      chapterPosition: 1,
      taskPosition: 1,
    });
    expect(nextStepTarget({ modulePosition: 3, chapterPosition: 2, taskPosition: 2 }, 2, nav(2, 3))).toBeNull();
  });
});
