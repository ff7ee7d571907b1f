import {
  birthYears,
  freeRegistrationError,
  freeRegistrationErrors,
  invitationError,
  invitationErrors,
  MIN_AGE,
  parseBirthday,
} from './accounts';

describe('birth years (issue 29)', () => {
  it('run from 1950 to the current year minus the minimum age, never into the future', () => {
    expect(birthYears(new Date(2026, 10, 27))).toEqual({ from: 1950, to: 2026 - MIN_AGE });
    const { to } = birthYears();
    expect(parseBirthday(`01.01.${to}`)).toBe(`${to}-01-01`);
    expect(parseBirthday(`01.01.${to + 1}`)).toBeNull();
    expect(parseBirthday('01.01.2037')).toBeNull();
    expect(parseBirthday('01.01.1950')).toBe('1950-01-01');
    expect(parseBirthday('31.12.1949')).toBeNull();
  });
});

describe('registration errors by field (issue 29: every error at once)', () => {
  it('free registration names each failing field', () => {
    expect(
      freeRegistrationErrors({
        firstName: 'анна',
        lastName: '',
        email: 'not-an-address',
        password: '123',
        birthday: '31.02.2001',
        direction: 'FE',
      }),
    ).toEqual({
      firstName: 'register.firstName',
      lastName: 'register.required',
      email: 'register.email',
      password: 'register.passwordShort',
      birthday: 'register.birthday',
    });
  });

  it('the server still answers with the first error in the spec’s order', () => {
    const valid = {
      firstName: 'Анна',
      lastName: 'Петрова',
      email: 'anna@example.org',
      password: 'secret1',
      birthday: '01.02.2001',
      direction: 'FE',
    };
    expect(freeRegistrationError(valid)).toBeNull();
    expect(freeRegistrationError({ ...valid, lastName: ' ' })).toBe('register.allFields');
    expect(freeRegistrationError({ ...valid, firstName: 'анна', birthday: '31.02.2001' })).toBe('register.birthday');
    expect(freeRegistrationError({ ...valid, firstName: 'анна', password: '1' })).toBe('register.firstName');
    expect(freeRegistrationError({ ...valid, password: '1', email: 'x' })).toBe('register.passwordShort');
    expect(freeRegistrationError({ ...valid, direction: 'COBOL' })).toBe('register.direction');
  });

  it('an invitation names each failing field, the confirmation only when asked for', () => {
    const input = { firstName: 'Иван', lastName: 'П', password: 'secret1', confirmPassword: 'secret2', birthday: '' };
    expect(invitationErrors(input, true)).toEqual({
      lastName: 'register.lastName',
      confirmPassword: 'register.passwordsDiffer',
      birthday: 'register.required',
    });
    expect(invitationErrors(input, false)).toEqual({ lastName: 'register.lastName', birthday: 'register.required' });
    expect(invitationError(input, true)).toBe('register.allFields');
    expect(invitationError({ ...input, birthday: '01.01.2000' }, true)).toBe('register.passwordsDiffer');
  });
});
