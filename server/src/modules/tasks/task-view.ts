import { STAFF_VIEW_ROLES } from '@academy/shared/contract';
import type { AppConfig } from '../../config';
import { TASK_KIND_REGISTRY } from '../../grading';
import { code } from '../../grading/code-kind';
import { mentorCheck } from '../../grading/lecture-kinds';
import { GIVES_HINTS, taskHints, unlockedHints } from '../../grading/hints';
import { storedText } from '../../grading/types';
import type { Subject } from '../../plugins/subject';
import { verdictPromisedBy } from '../mentor-queue/service';
import { UNOPENED_STATE_ID, type TaskState } from '../task-state/task-state';
import type { TaskRepository, TaskRow } from './repository';
import type { CodeRunRepository } from '../code-runs/repository';
import { isQueuedLanguage } from '../code-runs/runner';

/** A mentor's verdict on an answer, as stored and shown. */
export type Verdict = { mentorComment: string; right: boolean } | null;

/** How a task shows to whoever opens it: the student, a classmate, staff (the task service's replies). */
export function createTaskView(
  tasks: TaskRepository,
  runs: CodeRunRepository,
  settings: AppConfig['mentorQueue'],
  /** the task state read again (a run that ended after the caller read it: see `view`) */
  reread: (stateId: number) => Promise<TaskState>,
) {
  /**
   * The mentor-check fields: the last answer, its id while it waits, the last verdicts. For a
   * classmate (`work` false) none of them: only an accepted answer's "checked", which is its progress.
   */
  async function mentorCheckFields(task: TaskRow, state: TaskState, viewerRole: string, work: boolean) {
    const [latest, previous] = work ? await tasks.lastSubmissions(state.id) : [];
    const verdict = (row: typeof latest): Verdict => (row?.result ?? null) as Verdict;
    const pending = latest !== undefined && latest.right_answer === null;
    return {
      answerType: mentorCheck.dataOf(task).answerType ?? '',
      answer: storedText(latest?.answer, 'answer') ?? '',
      answerId: latest?.id ?? null,
      pending,
      checked: work ? state.checked : state.solved && state.checked,
      result: verdict(latest),
      // spec 2 §2.4: the previous result is hidden from paying students
      prevResult: viewerRole === 'PAY_STUDENT' ? null : verdict(previous),
      // the verdict the academy promised (docs/courses.md, "Mentor queue")
      verdictExpectedBy: pending && latest ? verdictPromisedBy(latest.created_at, settings.promiseHours).toISOString() : null,
    };
  }

  /**
   * The hints the student's wrong answers unlocked (issue 32): one per wrong answer counted on the
   * server, never a locked one; none for a classmate, who never sees the work. A solved task keeps those
   * unlocked on the way (a student expects what helped them to stay where it was, not to vanish with
   * the right answer); a reset keeps them too (the wrong answers stay counted). Absent when none.
   */
  async function hintFields(task: TaskRow, state: TaskState, work: boolean): Promise<{ hints?: string[] }> {
    const hints = GIVES_HINTS[task.kind] ? taskHints(task.data) : [];
    if (!work || hints.length === 0 || state.id === UNOPENED_STATE_ID) return {};
    const unlocked = unlockedHints(hints, await tasks.wrongAnswers(task, state));
    return unlocked.length > 0 ? { hints: unlocked } : {};
  }

  /**
   * The student's view of a task: its text and choices, their last answer; the kind's schema bounds it.
   * A classmate's view-as read (spec 1 §6: a paying student of the same direction) shows the task and
   * whether it is solved, never the student's work: built as if nothing were stored, no last answer's
   * grading, no submissions. Staff viewers check work: they see it all.
   */
  return async function view(subject: Subject, task: TaskRow, state: TaskState) {
    const work = !subject.fake || STAFF_VIEW_ROLES.includes(subject.viewer.role);
    // a code task's unfinished run (Java, Go, Python): its progress, for whoever sees the work
    // (only Java, Go and Python answers are runs: a JavaScript task's view asks nothing more)
    const queued = task.kind === 'code' && work && state.id !== 0 && isQueuedLanguage(code.dataOf(task).language);
    const run = queued ? await runs.current(state.id) : null;
    // no run now: one that ended after `state` was read left a result newer than `state`'s, and a view
    // of "no run" beside the answer before it would stop the page's polling on the old verdict; the
    // state read after the run's end has its result (the run's end and its result are one transaction)
    const shown = queued && !run ? await reread(state.id) : state;
    const common = {
      courseTaskId: task.id,
      studentTaskId: shown.id,
      taskId: task.id,
      type: task.kind,
      title: task.title,
      description: task.description_html,
      taskPoints: task.points,
      solved: shown.solved,
      resolved: shown.solved,
      lastActionIsRight: work && shown.last_action === 'RIGHT',
      lastActionIsWrong: work && shown.last_action === 'WRONG',
      ...TASK_KIND_REGISTRY[task.kind].view.build(task.data, work ? shown.answer : null),
      ...(await hintFields(task, shown, work)),
    };
    if (task.kind === 'code') return { ...common, run };
    if (task.kind !== 'mentorCheckTask') return common;
    return { ...common, ...(await mentorCheckFields(task, state, subject.viewer.role, work)) };
  };
}
