import { array, object, string } from 'yup';
import { REVIEW_LIMITS, type ReviewOutcomeInput } from '@academy/shared/contract';
import type { TextKey } from '../../i18n';

/** A code debt as the form edits it: `row` names the row for React and for focus, `taskId` is a select's value. */
export interface CodeDebtRow {
  row: number;
  taskId: string;
  mentorComment: string;
}

/** A theory question as the form edits it. */
export interface TheoryDebtRow {
  row: number;
  question: string;
}

export interface DebtsFormValues {
  codeDebts: CodeDebtRow[];
  theoryDebts: TheoryDebtRow[];
  /** an error of the whole form: no debt at all, or the server's refusal */
  form?: string;
}

export const EMPTY_DEBTS: DebtsFormValues = { codeDebts: [], theoryDebts: [] };

const key = (k: TextKey) => k;

/**
 * A failed review's debts (docs/courses.md, "Reviews", REVIEW_LIMITS): at least one debt; each code debt a task
 * of the module, once, with the mentor's comment; each theory debt a question; texts at most
 * `maxDebtText` characters, at most `maxDebts` of each kind. Messages are area keys.
 */
export const debtsFormSchema = object({
  codeDebts: array()
    .of(
      object({
        taskId: string()
          .required(key('outcome.errors.taskRequired'))
          .test('once', key('outcome.errors.taskTwice'), (taskId, context) => {
            const rows = (context.from?.[1]?.value as DebtsFormValues | undefined)?.codeDebts ?? [];
            return !taskId || rows.filter((row) => row.taskId === taskId).length === 1;
          }),
        mentorComment: string()
          .trim()
          .required(key('outcome.errors.commentRequired'))
          .max(REVIEW_LIMITS.maxDebtText, key('outcome.errors.textTooLong')),
      }),
    )
    .max(REVIEW_LIMITS.maxDebts),
  theoryDebts: array()
    .of(
      object({
        question: string()
          .trim()
          .required(key('outcome.errors.questionRequired'))
          .max(REVIEW_LIMITS.maxDebtText, key('outcome.errors.textTooLong')),
      }),
    )
    .max(REVIEW_LIMITS.maxDebts),
}).test('some', key('outcome.errors.debtsRequired'), (values, context) =>
  (values.codeDebts?.length ?? 0) + (values.theoryDebts?.length ?? 0) > 0
    ? true
    : context.createError({ path: 'form', message: key('outcome.errors.debtsRequired') }),
);

/** The FAILED outcome the form's values make (checked by the schema first). */
export function toFailedOutcome(values: DebtsFormValues): ReviewOutcomeInput {
  return {
    status: 'FAILED',
    codeDebts: values.codeDebts.map((debt) => ({ taskId: Number(debt.taskId), mentorComment: debt.mentorComment.trim() })),
    theoryDebts: values.theoryDebts.map((debt) => debt.question.trim()),
  };
}
