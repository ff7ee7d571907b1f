import { use, type ComponentType } from 'react';
import type { TaskKind } from '@academy/shared/contract';
import type { BodyProps } from './body-props';

/** Everything a task page knows about one task kind. Its names and URL spelling live in the contract. */
export interface TaskKindEntry {
  /** a 24×24 stroke pictogram (the `d` of one SVG path) */
  icon: string;
  /**
   * the answer form under the task's text (its code loads with the task page); null: the text only, or
   * a body the area supplies itself (the course pages' mentor check and review sign-up)
   */
  Body: ComponentType<BodyProps> | null;
  /** the student's answers are kept and listed on the history page (and a mentor's panel is shown) */
  keepsSolutions: boolean;
}

/**
 * A module loaded once. `use` is called on every render (a hook is never conditional): once the
 * module is there, the promise carries it as React's `use` reads a settled promise (`status`,
 * `value`) and returns it at once; before, the caller suspends.
 */
function loadOnce<M>(load: () => Promise<M>) {
  let pending: Promise<M> | undefined;
  const preload = (): Promise<M> => {
    if (!pending) {
      const promise = load().then((loaded) => {
        Object.assign(promise, { status: 'fulfilled', value: loaded });
        return loaded;
      });
      pending = promise;
    }
    return pending;
  };
  return { preload, useModule: (): M => use(preload()) };
}

/** A body whose code is in a module loaded on demand; the page's Suspense shows a skeleton meanwhile. */
function bodyFrom<M>(part: ReturnType<typeof loadOnce<M>>, pick: (module: M) => ComponentType<BodyProps>) {
  return function KindBody(props: BodyProps) {
    const Body = pick(part.useModule());
    return <Body {...props} />;
  };
}

/** A body an area supplies itself, loaded on demand (the first render suspends until its module is there). */
export function lazyTaskBody(load: () => Promise<{ default: ComponentType<BodyProps> }>): ComponentType<BodyProps> {
  return bodyFrom(loadOnce(load), (module) => module.default);
}

// The forms, the code body and the lecture load with a task page (preloadTaskBodies), not a course list.
const forms = loadOnce(() => import('./bodies/form-bodies'));
const code = loadOnce(() => import('./bodies/code-body'));
const lecture = loadOnce(() => import('./bodies/lecture-body'));
const form = (name: keyof Awaited<ReturnType<typeof forms.preload>>) => bodyFrom(forms, (module) => module[name]);

/** Loads the bodies every task page may need, so they render at once with the page. */
export function preloadTaskBodies(): Promise<unknown> {
  return Promise.all([forms.preload(), code.preload(), lecture.preload()]);
}

/**
 * Loads the bodies of the other kinds once the student first does something on the page (a pointer, a
 * key, a touch): before they can open another task, so its body is there with it, yet a task page
 * fetches only its own kind's body as it opens (the body loads when it renders).
 */
export function preloadTaskBodiesOnUse(): void {
  if (typeof window === 'undefined') return;
  const events = ['pointerdown', 'pointermove', 'keydown', 'touchstart'] as const;
  const load = () => {
    for (const event of events) window.removeEventListener(event, load, true);
    preloadTaskBodies().catch(() => undefined); // offline: each body loads when it is shown
  };
  for (const event of events) window.addEventListener(event, load, { capture: true, passive: true });
}

/**
 * One entry per kind: adding a kind is this table plus the contract's `TASK_KINDS` and
 * `TASK_KIND_PATHS` (the `satisfies` makes a missing entry a type error). The mentor check and the
 * review step are answered only on the course pages, whose area gives them their bodies.
 */
export const TASK_KIND_ENTRIES = {
  lecture: {
    icon: 'M4 5a2 2 0 0 1 2-2h5v17H6a2 2 0 0 0-2 2zM20 5a2 2 0 0 0-2-2h-5v17h5a2 2 0 0 1 2 2z',
    Body: bodyFrom(lecture, (module) => module.default),
    keepsSolutions: false,
  },
  theory: {
    icon: 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
    Body: form('TheoryBody'),
    keepsSolutions: false,
  },
  word: { icon: 'M4 7V5h16v2M9 19h6M12 5v14', Body: form('WordBody'), keepsSolutions: false },
  code: {
    icon: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
    Body: bodyFrom(code, (module) => module.CodeBody),
    keepsSolutions: true,
  },
  mentorCheckTask: {
    icon: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 11-3M16 19l2 2 4-4',
    Body: null,
    keepsSolutions: true,
  },
  review_step: {
    icon: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a6 6 0 0 1 12 0M10 20a6 6 0 0 1 12 0',
    Body: null,
    keepsSolutions: false,
  },
  ordering: {
    icon: 'M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
    Body: form('OrderingBody'),
    keepsSolutions: false,
  },
  association: {
    icon: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
    Body: form('AssociationBody'),
    keepsSolutions: false,
  },
  multi_test: {
    icon: 'M9 6h12M9 12h12M9 18h12M3 6l1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17',
    Body: form('MultiTestBody'),
    keepsSolutions: false,
  },
  multi_answer: {
    icon: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h7v7h-7z',
    Body: form('MultiAnswerBody'),
    keepsSolutions: false,
  },
  gapping: { icon: 'M3 12h4M17 12h4M9 8h6v8H9z', Body: form('GappingBody'), keepsSolutions: false },
  multi_input: {
    icon: 'M3 5h18v5H3zM3 14h18v5H3zM6 7.5h4M6 16.5h4',
    Body: form('MultiInputBody'),
    keepsSolutions: false,
  },
} as const satisfies Record<TaskKind, TaskKindEntry>;

/** The entry of a kind. */
export function taskKindEntry(kind: TaskKind): TaskKindEntry {
  return TASK_KIND_ENTRIES[kind];
}
