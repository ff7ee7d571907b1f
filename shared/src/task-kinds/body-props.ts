import type { CodeTryResult, StudentTask } from '@academy/shared/contract';

/** What a task page (the course pages', an enrollee's step) gives every kind's body. */
export interface BodyProps {
  task: StudentTask;
  /** the module the task is in (a review step books that module's review); 0 where there is none to book */
  moduleId: number;
  /** the student may work on the task: enrolled, the module open (the heading's `available`) */
  available: boolean;
  /** inputs are locked: solved, someone else's page, or not open to the student */
  locked: boolean;
  /** nothing may be sent: someone else's page, or not open to the student */
  readOnly: boolean;
  busy: boolean;
  /** the server's text for a refused answer, shown in place */
  error: string | null;
  onSubmit(payload: Record<string, unknown>): void;
  /** takes back an answer waiting for a mentor */
  onCancel(): void;
  /**
   * the answer to start from instead of the task's last one, as the kind's submission carries it (a
   * saved draft, issue 29); a locked body shows the task's own answer (a solved task: the accepted one)
   */
  draft?: unknown;
  /**
   * the answer as it is now, as the kind's submission carries it: once on mount (`initial`: what the body
   * starts from, nothing the student typed), then on every change
   */
  onAnswerChange?(answer: Record<string, unknown>, initial: boolean): void;
  /**
   * a code task: runs the code on the task's examples, and on the student's own `call` when there is one;
   * not an answer (absent where the student may not)
   */
  onTry?(solution: string, call?: string): Promise<{ result: CodeTryResult } | { error: string }>;
}
