import { getIn, useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import { useRef } from 'react';
import { failureOf } from '@academy/shared/api';
import { REVIEW_LIMITS, type ReviewDebtTaskOption, type ReviewOutcomeInput } from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { ActionRow, Alert, Button, SelectField, TextAreaField } from '@academy/shared/ui';
import { useT, type TextKey } from '../../i18n';
import { debtsFormSchema, EMPTY_DEBTS, toFailedOutcome, type DebtsFormValues } from './debts-form-values';

export interface DebtsFormProps {
  /** the module's code tasks a debt can name */
  tasks: ReviewDebtTaskOption[];
  /** sends the outcome; a refusal's failure is thrown */
  onSubmit(input: ReviewOutcomeInput): Promise<void>;
  onCancel(): void;
}

/** `2.3. Title`: chapter and task positions, as the student's course page numbers them. */
export const taskLabel = (task: ReviewDebtTaskOption) => `${task.chapterPosition}.${task.taskPosition}. ${task.title}`;

/**
 * A failed review's debts (formik + yup): code tasks to redo, each with the mentor's comment, and
 * theory questions to learn; rows are added and removed, the new row's first field takes the focus.
 */
export function DebtsForm({ tasks, onSubmit, onCancel }: DebtsFormProps) {
  const t = useT();
  const serverText = useServerText();
  const nextRow = useRef(1);
  /** the row whose first field takes the focus once drawn */
  const focusRow = useRef<number | null>(null);
  const addCode = useRef<HTMLButtonElement>(null);
  const addTheory = useRef<HTMLButtonElement>(null);

  const formik = useFormik<DebtsFormValues>({
    initialValues: EMPTY_DEBTS,
    // no checks on leaving a field: a message appearing there would move the buttons below it away
    // from under the pointer (an "add" click lost); after a first try, every change is checked again
    validateOnBlur: false,
    validate: async (values) => {
      try {
        await validateYupSchema(values, debtsFormSchema);
        return {};
      } catch (error) {
        return yupToFormErrors<DebtsFormValues>(error);
      }
    },
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit(toFailedOutcome(values));
      } catch (error) {
        helpers.setErrors({ form: serverText(failureOf(error)) });
      }
    },
  });
  const { values } = formik;

  /** A field's error once the form was sent. */
  const shown = (path: string): string | undefined => {
    const error: unknown = getIn(formik.errors, path);
    if (typeof error !== 'string' || formik.submitCount === 0) return undefined;
    return error.startsWith('outcome.') ? t(error as TextKey, { max: REVIEW_LIMITS.maxDebtText }) : error;
  };
  const focusWhenNew = (row: number) => (element: HTMLElement | null) => {
    if (element && focusRow.current === row) {
      focusRow.current = null;
      element.focus();
    }
  };
  const add = (kind: 'codeDebts' | 'theoryDebts') => {
    const row = nextRow.current++;
    focusRow.current = row;
    const rows =
      kind === 'codeDebts'
        ? { codeDebts: [...values.codeDebts, { row, taskId: '', mentorComment: '' }] }
        : { theoryDebts: [...values.theoryDebts, { row, question: '' }] };
    void formik.setValues({ ...values, ...rows });
  };
  const remove = (kind: 'codeDebts' | 'theoryDebts', row: number) => {
    const rows =
      kind === 'codeDebts'
        ? { codeDebts: values.codeDebts.filter((debt) => debt.row !== row) }
        : { theoryDebts: values.theoryDebts.filter((debt) => debt.row !== row) };
    void formik.setValues({ ...values, ...rows });
    // the focus stays in the section: on its add button
    (kind === 'codeDebts' ? addCode : addTheory).current?.focus();
  };
  const formError = typeof formik.errors.form === 'string' && formik.submitCount > 0 ? formik.errors.form : undefined;

  return (
    <form className="debts-form" onSubmit={formik.handleSubmit} noValidate>
      <fieldset className="debts-form__section">
        <legend className="debts-form__legend">{t('outcome.codeDebts')}</legend>
        {tasks.length === 0 ? (
          <p className="debts-form__muted">{t('outcome.noCodeTasks')}</p>
        ) : (
          <>
            {values.codeDebts.length === 0 && <p className="debts-form__muted">{t('outcome.noCodeDebts')}</p>}
            <ol className="debts-form__rows">
              {values.codeDebts.map((debt, index) => (
                <li key={debt.row} className="debts-form__row">
                  <SelectField
                    ref={focusWhenNew(debt.row)}
                    label={t('outcome.task', { n: index + 1 })}
                    error={shown(`codeDebts.${index}.taskId`)}
                    {...formik.getFieldProps(`codeDebts.${index}.taskId`)}
                  >
                    <option value="">{t('outcome.chooseTask')}</option>
                    {tasks.map((task) => (
                      <option key={task.taskId} value={String(task.taskId)}>
                        {taskLabel(task)}
                      </option>
                    ))}
                  </SelectField>
                  <TextAreaField
                    label={t('outcome.comment', { n: index + 1 })}
                    maxLength={REVIEW_LIMITS.maxDebtText}
                    error={shown(`codeDebts.${index}.mentorComment`)}
                    {...formik.getFieldProps(`codeDebts.${index}.mentorComment`)}
                  />
                  <Button variant="ghost" onClick={() => remove('codeDebts', debt.row)}>
                    {t('outcome.removeTask', { n: index + 1 })}
                  </Button>
                </li>
              ))}
            </ol>
            <Button
              ref={addCode}
              variant="secondary"
              disabled={values.codeDebts.length >= REVIEW_LIMITS.maxDebts}
              onClick={() => add('codeDebts')}
            >
              {t('outcome.addTask')}
            </Button>
          </>
        )}
      </fieldset>
      <fieldset className="debts-form__section">
        <legend className="debts-form__legend">{t('outcome.theoryDebts')}</legend>
        {values.theoryDebts.length === 0 && <p className="debts-form__muted">{t('outcome.noTheoryDebts')}</p>}
        <ol className="debts-form__rows">
          {values.theoryDebts.map((debt, index) => (
            <li key={debt.row} className="debts-form__row">
              <TextAreaField
                ref={focusWhenNew(debt.row)}
                label={t('outcome.question', { n: index + 1 })}
                rows={2}
                maxLength={REVIEW_LIMITS.maxDebtText}
                error={shown(`theoryDebts.${index}.question`)}
                {...formik.getFieldProps(`theoryDebts.${index}.question`)}
              />
              <Button variant="ghost" onClick={() => remove('theoryDebts', debt.row)}>
                {t('outcome.removeQuestion', { n: index + 1 })}
              </Button>
            </li>
          ))}
        </ol>
        <Button
          ref={addTheory}
          variant="secondary"
          disabled={values.theoryDebts.length >= REVIEW_LIMITS.maxDebts}
          onClick={() => add('theoryDebts')}
        >
          {t('outcome.addQuestion')}
        </Button>
      </fieldset>
      <p className="debts-form__muted">{t('outcome.limits', { count: REVIEW_LIMITS.maxDebts })}</p>
      {formError && <Alert kind="danger">{formError.startsWith('outcome.') ? t(formError as TextKey) : formError}</Alert>}
      <ActionRow>
        <Button type="submit" variant="danger" busy={formik.isSubmitting}>
          {t('outcome.saveFailed')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </ActionRow>
    </form>
  );
}
