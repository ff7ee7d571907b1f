/** The enrollee's lesson steps (spec 2 §2.13, §3, §7): the calls under `/api/enrollee`. */
import type { Direction, TaskKind } from './index';

/** A step in the row of step icons (spec 2 §3, `taskIcons`): the tasks of the direction's enrollee course, in order. */
export interface EnrolleeStepIcon {
  /** 1-based: the step's address is `/enrollee/{position}` */
  position: number;
  /** the step's task: `GET /api/enrollee/directionTask/{position}/{directionTaskId}` loads it */
  directionTaskId: number;
  taskType: TaskKind;
  title: string;
  solved: boolean;
  /** a mentor has checked the last answer (mentor-check tasks) */
  checked: boolean;
  /** a code task whose accepted solution must be solved again */
  needToResolve: boolean;
  /** the step the heading was asked for */
  current: boolean;
}

/** `GET /api/enrollee/directionTask/heading?directionTaskPosition=`: the course's figures and its steps. */
export interface EnrolleeHeading {
  courseName: string;
  directionName: string | null;
  /** the points of every step; the progress is floor(100 × studentPoints / coursePoints) */
  coursePoints: number;
  studentPoints: number;
  currentTaskPosition: number;
  currentTaskType: TaskKind;
  taskIcons: EnrolleeStepIcon[];
}

/** `GET /api/enrollee/direction/direction-pic`: the direction's icon (its enrollee course's picture). */
export interface EnrolleeDirectionPic {
  direction: Direction;
  directionName: string | null;
  directionPicUrl: string;
}

/** The most steps an address may name: far beyond any course, so a position is a bounded number. */
export const MAX_STEP_POSITION = 10_000;
