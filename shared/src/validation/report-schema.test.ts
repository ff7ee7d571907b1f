import type { ValidationError } from 'yup';
import { reportSchema } from './index';

/** The first message the schema gives for a field, or null when the form is valid. */
async function firstError(values: Record<string, unknown>, today = '2026-03-10'): Promise<string | null> {
  try {
    await reportSchema.validate(values, { context: { today } });
    return null;
  } catch (error) {
    return (error as ValidationError).message;
  }
}

const valid = { countHours: '3', text: 'Решил задачи модуля 3', reportDate: '2026-03-09' };

describe('the daily-report form’s rules (spec 1 §5)', () => {
  it('checks the hours in the spec’s order: a number, given, at most 24, not negative', async () => {
    expect(await firstError(valid)).toBeNull();
    expect(await firstError({ ...valid, countHours: 'abc' })).toBe('ValidateReportEnterNumber');
    expect(await firstError({ ...valid, countHours: '' })).toBe('ValidateReportTimeTaken');
    expect(await firstError({ ...valid, countHours: '24.5' })).toBe('ValidateReportLessThenDay');
    expect(await firstError({ ...valid, countHours: '-1' })).toBe('ValidateReportPositive');
    expect(await firstError({ ...valid, countHours: '24' })).toBeNull();
    expect(await firstError({ ...valid, countHours: '0' })).toBeNull();
  });

  it('wants a text of at most 200 characters after trimming', async () => {
    expect(await firstError({ ...valid, text: '   ' })).toBe('ValidateReportWhatDone');
    expect(await firstError({ ...valid, text: 'я'.repeat(201) })).toBe('ValidateReportTooLongReport');
    expect(await firstError({ ...valid, text: ` ${'я'.repeat(200)} ` })).toBeNull();
  });

  it('takes a day from 2018-01-01 to today', async () => {
    expect(await firstError({ ...valid, reportDate: '2018-01-01' })).toBeNull();
    expect(await firstError({ ...valid, reportDate: '2026-03-10' })).toBeNull();
    expect(await firstError({ ...valid, reportDate: '2017-12-31' })).toBe('ValidateReportDate');
    expect(await firstError({ ...valid, reportDate: '2026-03-11' })).toBe('ValidateReportDate');
    expect(await firstError({ ...valid, reportDate: '' })).toBe('ValidateReportDate');
  });
});
