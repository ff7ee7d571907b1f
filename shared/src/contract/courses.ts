/**
 * Courses and tasks as the student pages get them: the course list, a course's modules, a task's
 * heading and view, a code answer's outcomes and run, the history of answers, the activity calendar. Types only:
 * no code, the server imports them too.
 */
import type { TaskKind } from './index';

export type CourseType = 'regular' | 'additional';

/** A course card of the course list (spec 1 §3). */
export interface CourseView {
  id: number;
  name: string;
  studentPoints: number;
  coursePoints: number;
  /** the student is enrolled */
  available: boolean;
  fullPassRequired: boolean;
  coursePicUrl: string;
  /**
   * Issue 32, "continue where I left off": the student's next task in the course (its first not yet
   * solved in an open module), for an enrolled student; null when nothing is left or the next module is closed.
   */
  next?: { m: number; c: number; n: number; title: string; chapter: string } | null;
}

export interface TaskView {
  taskId: number;
  position: number;
  title: string;
  type: TaskKind;
  solved: boolean;
  /** a mentor has checked the last answer (mentor-check tasks) */
  checked: boolean;
  /** a code task whose accepted solution must be solved again */
  needToResolve: boolean;
}

export interface ChapterView {
  chapterId: number;
  position: number;
  name: string;
  allTaskAmount: number;
  solvedTaskAmount: number;
  taskViews: TaskView[];
}

export interface ModuleView {
  moduleId: number;
  position: number;
  name: string;
  blocked: boolean;
  allTaskAmount: number;
  solvedTaskAmount: number;
  chapterViewDtos: ChapterView[];
}

/** A module in short (`/{courseId}/module-dto`). */
export interface ModuleSummary {
  moduleId: number;
  position: number;
  name: string;
  blocked: boolean;
  chapterCount: number;
}

export interface CourseInfo {
  target: string;
  demands: string;
  /** sanitized HTML from the course's Markdown */
  description: string;
  filling: string;
  transitTime: string;
}

export interface CourseAuthor {
  name: string;
  email: string;
  about: string;
}

export interface CourseSize {
  moduleCount: number;
  chapterCount: number;
  taskCount: number;
  coursePoints: number;
}

export interface TaskHeadingItem {
  courseTaskId: number;
  taskTitle: string;
  taskType: TaskKind;
  checked: boolean;
  solved: boolean;
  available: boolean;
  video: string | null;
  needToResolve: boolean;
}

export interface TaskHeading {
  courseName: string;
  chapterName: string;
  coursePicUrl: string;
  chapterId: number;
  moduleId: number;
  taskHeadingDtos: TaskHeadingItem[];
}

/** Spec 1 §3: what the next-step control needs to know about the chapter's neighbours. */
export interface ChapterNavigation {
  prevModuleChapterCount: number;
  taskCountInPrevChapter: number;
  currentModuleChapterCount: number;
  moduleCount: number;
  nextChapterBlocked: boolean;
}

/** The task a student lands on after enrolling (spec 1 §4: position 1/1/1). */
export interface EnrollResult {
  courseId: number;
  modulePosition: number;
  chapterPosition: number;
  taskPosition: number;
}

/** A test outcome of a code submission, shown as a terminal line. */
export interface CodeTestOutcome {
  name: string;
  passed: boolean;
  /** a hidden test's (`hidden`) values never leave the server: only its name and result do */
  expected?: unknown;
  actual?: unknown;
  error?: string;
  hidden?: boolean;
  /** the shown value was cut to the sandbox's output limit */
  truncated?: boolean;
  /** `error` is the compiler's output on the student's own code: no test ran (shown even for a hidden test) */
  stage?: 'compile';
}

/** The student's own call (Run's custom input) run after the examples: what it returned or threw, compared with nothing. */
export interface CodeCustomCallOutcome {
  call: string;
  /** what the call returned, as JSON text (`undefined` for JavaScript's undefined), cut when `truncated` */
  returned?: string;
  error?: string;
  truncated?: boolean;
  /** what the code printed during the call (where the language's harness keeps it), capped */
  logs?: string[];
  /** the student's code did not compile: the call did not run (the examples' outcomes say why) */
  stage?: 'compile';
}

/** A try of a code task (issue 32, "Run"): the code run on the task's examples, not an answer. */
export interface CodeTryResult {
  outcomes: CodeTestOutcome[];
  passed: number;
  total: number;
  /** the student's own call, when the try carried one */
  custom?: CodeCustomCallOutcome;
}

/** The languages a code task may be in (the editor's mode, the terminal's look). */
export type CodeLanguage = 'javascript' | 'typescript' | 'java' | 'go' | 'python' | 'sql';

/** A task as the student sees it (`GET /api/student/task/{courseTaskId}/{kind}`): never the right answers. */
export interface StudentTask {
  courseTaskId: number;
  studentTaskId: number;
  type: TaskKind;
  title: string;
  /** sanitized HTML */
  description: string;
  taskPoints: number;
  solved: boolean;
  lastActionIsRight: boolean;
  lastActionIsWrong: boolean;
  /** issue 32: the task's hints unlocked by the student's wrong answers, in order (absent: none yet, or none given) */
  hints?: string[];
  // lecture
  video?: string | null;
  videoCaptions?: string | null;
  // theory
  multipleAnswer?: boolean;
  probablyAnswers?: Array<{ id: number; text: string }>;
  studentAnswers?: Array<{ id: number }>;
  // word, code, mentor check
  answer?: string;
  // gapping
  text?: Array<string | { gapId: number }>;
  taskGappings?: Array<{ gappingItemId: number; gappingItemPosition: number }>;
  studentGappingResults?: Array<{ gappingItemId: number; gappingText: string; isRight: boolean }>;
  // ordering
  taskItems?: Array<{ id: number; itemText: string }>;
  /** the student's order; `isRight`: that item is in its right place (issue 32) */
  answeredItems?: Array<{ id: number; position: number; isRight?: boolean }>;
  // association
  terms?: Array<{ termId: number; text: string }>;
  definitions?: Array<{ definitionId: number; text: string }>;
  studentAssociationResults?: Array<{ termId: number; definitionId: number; isRight: boolean }>;
  // multi-test
  tests?: Array<{ itemId: number; itemText: string; itemAnswers: Array<{ itemAnswerId: number; itemAnswerText: string }> }>;
  studentItems?: Array<{ itemId: number; studentItemAnswers: Array<{ itemAnswerId: number; isRight: boolean }> }>;
  // multi-answer
  questions?: Array<{ questionId: number; questionText: string }>;
  /** `isRight`: the student's choice for that question is exactly right (issue 32) */
  studentResults?: Array<{ questionId: number; studentItemAnswers: Array<{ id: number; isRight: boolean }>; isRight?: boolean }>;
  // multi-input
  items?: Array<{ id: number; questionText: string }>;
  studentMultiInputResults?: Array<{ multiInputItemId: number; answerText: string; isRight: boolean }>;
  // code
  codeLang?: CodeLanguage;
  placeholder?: string;
  result?: CodeTestOutcome[] | MentorVerdict | null;
  /** a Java, Go or Python answer still being graded: where its grading is (the page asks again until it ends) */
  run?: CodeRun | null;
  // mentor check
  answerType?: 'LINK' | 'UNIQUE_LINK' | 'SINGLE_LINE_TEXT' | 'STYLED_TEXT';
  answerId?: number | null;
  pending?: boolean;
  checked?: boolean;
  prevResult?: MentorVerdict | null;
  /** while an answer waits: the ISO instant its verdict is promised by (docs/courses.md, "Mentor queue") */
  verdictExpectedBy?: string | null;
}

/** A code answer being graded by a grader: waiting, compiling, or running test `test` of `tests`. */
export interface CodeRun {
  id: number;
  status: 'queued' | 'compiling' | 'running';
  test: number | null;
  tests: number;
}

/** A mentor's verdict on a mentor-check answer. */
export interface MentorVerdict {
  mentorComment: string;
  right: boolean;
}

/** `GET /api/fake/open/check/{codeTask|common|mentorCheckTask}?courseTaskId`: may the user work on it? */
export interface TaskAvailability {
  available: boolean;
  /** the server's text when not available */
  reason: string | null;
  reasonKey: 'trialLocked' | 'courseNotEnrolled' | 'moduleBlocked' | null;
}

/** A kept submission (`GET /api/student/taskInfo/{id}/solutions`): code or a mentor-check answer. */
export interface SolutionEntry {
  id: number;
  /** dd.MM.yyyy HH:mm in the caller's time zone */
  date: string;
  answer: { solution?: string; answer?: string };
  result: CodeTestOutcome[] | MentorVerdict | null;
  /** null while a mentor-check answer waits */
  right: boolean | null;
  codeLang: CodeLanguage | null;
  answerType: StudentTask['answerType'] | null;
  courseTask: { task: { type: TaskKind } };
}

/** Days without a break (`GET /api/student/profile/day_without_pause`), counted in the caller's time zone. */
export interface DaysWithoutPause {
  /** consecutive days with activity ending today, or yesterday when today has none yet; 0 otherwise */
  currentDaysWithoutPause: number;
  /** the longest such run ever (at least the current one) */
  maxDaysWithoutPause: number;
}

/** A day with activity (`GET /api/student/profile/solution-activity-year`): `yyyy-MM-dd` in the caller's zone. */
export interface ActivityDay {
  date: string;
  /** answers sent and lectures read that day (docs/courses.md, "Statistics") */
  count: number;
}
