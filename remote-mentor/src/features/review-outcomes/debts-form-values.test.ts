import { REVIEW_LIMITS } from '@academy/shared/contract';
import { debtsFormSchema, toFailedOutcome, type DebtsFormValues } from './debts-form-values';

/** The messages the schema gives, by path. */
async function errorsOf(values: DebtsFormValues): Promise<Record<string, string>> {
  try {
    await debtsFormSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const { inner } = error as { inner: Array<{ path: string; message: string }> };
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

describe('the failed review’s debts form rules', () => {
  it('asks for at least one debt', async () => {
    expect(await errorsOf({ codeDebts: [], theoryDebts: [] })).toEqual({ form: 'outcome.errors.debtsRequired' });
  });

  it('needs a task once and a comment for each code debt, and a question for each theory debt', async () => {
    const errors = await errorsOf({
      codeDebts: [
        { row: 1, taskId: '7', mentorComment: 'Нет проверки на пустой массив' },
        { row: 2, taskId: '7', mentorComment: '   ' },
        { row: 3, taskId: '', mentorComment: 'ок' },
      ],
      theoryDebts: [{ row: 4, question: ' ' }],
    });
    expect(errors).toEqual({
      'codeDebts[0].taskId': 'outcome.errors.taskTwice',
      'codeDebts[1].taskId': 'outcome.errors.taskTwice',
      'codeDebts[1].mentorComment': 'outcome.errors.commentRequired',
      'codeDebts[2].taskId': 'outcome.errors.taskRequired',
      'theoryDebts[0].question': 'outcome.errors.questionRequired',
    });
  });

  it('bounds the texts by the contract’s limit', async () => {
    const long = 'x'.repeat(REVIEW_LIMITS.maxDebtText + 1);
    expect(
      await errorsOf({ codeDebts: [{ row: 1, taskId: '3', mentorComment: long }], theoryDebts: [{ row: 2, question: long }] }),
    ).toEqual({
      'codeDebts[0].mentorComment': 'outcome.errors.textTooLong',
      'theoryDebts[0].question': 'outcome.errors.textTooLong',
    });
    const longest = 'y'.repeat(REVIEW_LIMITS.maxDebtText);
    expect(await errorsOf({ codeDebts: [], theoryDebts: [{ row: 1, question: longest }] })).toEqual({});
  });

  it('sends trimmed texts and numeric task ids', () => {
    expect(
      toFailedOutcome({
        codeDebts: [{ row: 1, taskId: '12', mentorComment: '  Добавьте тесты  ' }],
        theoryDebts: [{ row: 2, question: ' Что такое замыкание? ' }],
      }),
    ).toEqual({
      status: 'FAILED',
      codeDebts: [{ taskId: 12, mentorComment: 'Добавьте тесты' }],
      theoryDebts: ['Что такое замыкание?'],
    });
  });
});
