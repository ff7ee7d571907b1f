import { number, object, string, type InferType } from 'yup';
import { REPORT_EARLIEST_DAY, REPORT_MAX_HOURS, REPORT_MAX_TEXT } from '../contract';
import {
  firstNameError,
  formatBirthday,
  lastNameError,
  parseBirthday,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@academy/shared/accounts';

/** Sign-in form (spec 1 §5): username is a required e-mail, password is required. Messages are i18n keys. */
export const loginSchema = object({
  username: string().trim().required('validation.emailRequired').email('validation.emailInvalid'),
  password: string().required('validation.passwordRequired'),
});

export type LoginValues = InferType<typeof loginSchema>;

/**
 * Daily-report form (spec 1 §5), its rules in the spec's order: hours a number, required, at most 24,
 * not negative; the text required and at most 200 characters; the day from 2018-01-01 to `today`
 * (`yyyy-mm-dd` in the user's zone, given as the context). Messages are the spec's keys.
 */
export const reportSchema = object({
  countHours: number()
    // an empty field is a missing number, not a wrong one
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError('ValidateReportEnterNumber')
    .required('ValidateReportTimeTaken')
    .max(REPORT_MAX_HOURS, 'ValidateReportLessThenDay')
    .min(0, 'ValidateReportPositive'),
  text: string().trim().required('ValidateReportWhatDone').max(REPORT_MAX_TEXT, 'ValidateReportTooLongReport'),
  reportDate: string()
    .required('ValidateReportDate')
    .test('report-day', 'ValidateReportDate', (day, context) => {
      const today = (context.options.context as { today?: string } | undefined)?.today;
      return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= REPORT_EARLIEST_DAY && (!today || day <= today);
    }),
});

export type ReportFormValues = InferType<typeof reportSchema>;

/** A yup test that passes when the account rule gives no key (the rule's own key is the message). */
const accountRule = (rule: (value: string) => string | null) =>
  string()
    .trim()
    .required('register.required')
    .test('account-rule', (value, context) => {
      const key = rule(value ?? '');
      return key ? context.createError({ message: key }) : true;
    });

/**
 * One's own details (issue 29, item 18): registration's rules (spec 2 §2.10, `contract/accounts`), each
 * field's first failing rule, every field at once. The birthday is the three pickers' values.
 */
export const profileDetailsSchema = object({
  firstName: accountRule(firstNameError),
  lastName: accountRule(lastNameError),
  birthday: object({ day: string().default(''), month: string().default(''), year: string().default('') }).test(
    'birthday',
    (value, context) => {
      const { day, month, year } = value;
      if (!day || !month || !year) return context.createError({ message: 'register.required' });
      return parseBirthday(formatBirthday(Number(day), Number(month), Number(year)))
        ? true
        : context.createError({ message: 'register.birthday' });
    },
  ),
});

export type ProfileDetailsValues = InferType<typeof profileDetailsSchema>;

/**
 * Password change (spec 2 §5), `passwordChangeError`'s rules field by field: all three required, the new
 * one 6 to 30 characters, the confirmation equal to it once the new one is given. Messages are i18n keys.
 */
export const passwordChangeSchema = object({
  oldPassword: string().required('password.required'),
  newPassword: string().required('password.required').min(PASSWORD_MIN, 'password.length').max(PASSWORD_MAX, 'password.length'),
  confirmPassword: string()
    .required('password.required')
    .test('same-password', 'password.mismatch', (value, context) => {
      const { newPassword } = context.parent as { newPassword?: string };
      return !newPassword || value === newPassword;
    }),
});

export type PasswordChangeValues = InferType<typeof passwordChangeSchema>;
