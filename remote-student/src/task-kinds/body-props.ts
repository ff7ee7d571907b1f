import type { StudentTask } from '@academy/shared/contract';

/** What the task page gives every kind's body. */
export interface BodyProps {
  task: StudentTask;
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
}
