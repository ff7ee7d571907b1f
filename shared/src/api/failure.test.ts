import { failureIf, failureOf } from './failure';

describe('a call’s failure as the page shows it', () => {
  it('the base query’s failure is itself', () => {
    const failure = { status: 423, text: 'Модуль закрыт', key: 'moduleBlocked' };
    expect(failureOf(failure)).toBe(failure);
  });

  it('an error thrown in the page’s own code (serialized with a message) is a failure with its text', () => {
    expect(failureOf({ name: 'TypeError', message: 'x is undefined' })).toEqual({
      status: 'CUSTOM_ERROR',
      text: 'x is undefined',
    });
    expect(failureOf('nonsense')).toEqual({ status: 'CUSTOM_ERROR', text: '' });
  });

  it('no error is no failure', () => {
    expect(failureIf(undefined)).toBeUndefined();
    expect(failureIf(null)).toBeUndefined();
    expect(failureIf({ status: 500, text: 'Ошибка' })).toEqual({ status: 500, text: 'Ошибка' });
  });
});
