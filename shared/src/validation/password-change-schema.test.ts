import { ValidationError } from 'yup';
import { passwordChangeError } from '@academy/shared/accounts';
import { passwordChangeSchema, type PasswordChangeValues } from './index';

/** Each field's first message, as the form gets them (every field at once). */
function fieldErrors(values: PasswordChangeValues): Partial<Record<keyof PasswordChangeValues, string>> {
  try {
    passwordChangeSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Partial<Record<keyof PasswordChangeValues, string>> = {};
    for (const inner of error.inner) {
      const field = inner.path as keyof PasswordChangeValues;
      errors[field] ??= inner.message;
    }
    return errors;
  }
}

const valid: PasswordChangeValues = { oldPassword: 'old-secret', newPassword: '123456', confirmPassword: '123456' };

describe('the password change form’s rules (spec 2 §5)', () => {
  it('wants all three fields, the new one of 6 to 30 characters, confirmed', () => {
    expect(fieldErrors(valid)).toEqual({});
    expect(fieldErrors({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'password.required',
      newPassword: 'password.required',
      confirmPassword: 'password.required',
    });
    expect(fieldErrors({ ...valid, newPassword: '12345', confirmPassword: '12345' })).toEqual({ newPassword: 'password.length' });
    expect(fieldErrors({ ...valid, newPassword: 'я'.repeat(31), confirmPassword: 'я'.repeat(31) })).toEqual({
      newPassword: 'password.length',
    });
    expect(fieldErrors({ ...valid, newPassword: 'я'.repeat(30), confirmPassword: 'я'.repeat(30) })).toEqual({});
    expect(fieldErrors({ ...valid, confirmPassword: '123450' })).toEqual({ confirmPassword: 'password.mismatch' });
    // no mismatch before the new password is typed: that field says what is missing
    expect(fieldErrors({ ...valid, newPassword: '' })).toEqual({ newPassword: 'password.required' });
  });

  it('lets through exactly what passwordChangeError (the recovery form, the server’s keys) lets through', () => {
    const samples = ['', ' ', '12345', '123456', '1234567', 'я'.repeat(30), 'я'.repeat(31)];
    for (const oldPassword of ['', 'old']) {
      for (const newPassword of samples) {
        for (const confirmPassword of samples) {
          const values = { oldPassword, newPassword, confirmPassword };
          expect({ values, valid: passwordChangeSchema.isValidSync(values) }).toEqual({
            values,
            valid: passwordChangeError(values) === null,
          });
        }
      }
    }
  });
});
