// Account rules both sides apply (spec 2 §5, §9): the forms show them at once, the server enforces them.
import { DIRECTIONS, type Direction, type PaymentType } from '@academy/shared/contract';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 30;
/**
 * The youngest age the academy registers (docs/product-decisions.md, "Birth years"): from 14 a person in Russia consents to
 * the processing of their personal data themselves, which registration asks for (the privacy policy).
 */
export const MIN_AGE = 14;

/**
 * The birth years the forms offer and the server accepts: from 1950 (spec 2 §2.10) to the current year
 * minus MIN_AGE. The spec's 2037 would offer years of people not born yet (issue 29).
 */
export function birthYears(today: Date = new Date()): { from: number; to: number } {
  return { from: 1950, to: today.getFullYear() - MIN_AGE };
}
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const INVITATION_DAYS = 7;
export const RECOVERY_MINUTES = 60;

/** The message keys of the rules below (texts in the catalogues, `shared/i18n`). */
export type AccountErrorKey =
  | 'register.allFields'
  | 'register.required'
  | 'register.birthday'
  | 'register.firstName'
  | 'register.lastName'
  | 'register.passwordShort'
  | 'register.passwordLong'
  | 'register.email'
  | 'register.passwordsDiffer'
  | 'register.direction'
  | 'password.required'
  | 'password.length'
  | 'password.mismatch';

const FIRST_NAME = /^[A-ZА-ЯЁ][a-zа-яё]+$/u;
// compound last names: «Петрова-Водкина», «де Голль»
const LAST_NAME = /^[A-ZА-ЯЁ][A-Za-zА-Яа-яЁё]*(?:[ -][A-Za-zА-Яа-яЁё]+)*$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/u;

/** An e-mail address as the academy accepts it (forms, registration, recovery). */
export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value);

/** The first-name rule of registration (a capital letter, then letters): its key, or null. */
export const firstNameError = (firstName: string): AccountErrorKey | null =>
  FIRST_NAME.test(firstName.trim()) ? null : 'register.firstName';

/** The last-name rule of registration (compound names allowed, at least 2 letters): its key, or null. */
export function lastNameError(lastName: string): AccountErrorKey | null {
  const last = lastName.trim();
  return LAST_NAME.test(last) && last.length >= 2 ? null : 'register.lastName';
}

/** The name rules of registration, also for changing one's details: the first failing rule's key. */
export function nameError(firstName: string, lastName: string): AccountErrorKey | null {
  return firstNameError(firstName) ?? lastNameError(lastName);
}

/** DD.MM.YYYY → ISO date, when it is a real day of the allowed years; else null. */
export function parseBirthday(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const years = birthYears();
  if (year < years.from || year > years.to || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function formatBirthday(day: number, month: number, year: number): string {
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
}

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

export interface FreeRegistration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  paymentType: Extract<PaymentType, 'REGULAR' | 'TRIAL'>;
  direction: Direction;
  /** DD.MM.YYYY */
  birthday: string;
}

/** A form's errors by field: each field's first failing rule, all fields at once (issue 29). */
export type FieldErrors<F extends string> = Partial<Record<F, AccountErrorKey>>;

type FreeField = 'firstName' | 'lastName' | 'email' | 'password' | 'birthday' | 'direction';

/**
 * Free registration, field by field: an empty field is required; else the field's rule (birthday, first
 * name, last name, password length, e-mail, direction).
 */
export function freeRegistrationErrors(input: Partial<Record<keyof FreeRegistration, unknown>>): FieldErrors<FreeField> {
  const text = (f: keyof FreeRegistration) => (typeof input[f] === 'string' ? (input[f] as string) : '');
  const password = text('password');
  const rules: Record<Exclude<FreeField, 'direction'>, () => AccountErrorKey | null> = {
    firstName: () => firstNameError(text('firstName')),
    lastName: () => lastNameError(text('lastName')),
    email: () => (isEmail(text('email').trim()) ? null : 'register.email'),
    password: () =>
      password.length < PASSWORD_MIN ? 'register.passwordShort' : password.length > 100 ? 'register.passwordLong' : null,
    birthday: () => (parseBirthday(text('birthday')) ? null : 'register.birthday'),
  };
  const errors: FieldErrors<FreeField> = {};
  for (const [field, rule] of Object.entries(rules) as Array<[Exclude<FreeField, 'direction'>, () => AccountErrorKey | null]>) {
    const error = blank(input[field]) ? 'register.required' : rule();
    if (error) errors[field] = error;
  }
  if (!DIRECTIONS.includes(input.direction as Direction)) errors.direction = 'register.direction';
  return errors;
}

/**
 * Free registration as the server answers it, in the spec's order: every field filled (a correct check,
 * unlike the original), then birthday, first name, last name, password, e-mail.
 */
export function freeRegistrationError(input: Partial<Record<keyof FreeRegistration, unknown>>): AccountErrorKey | null {
  const errors = freeRegistrationErrors(input);
  if (Object.values(errors).includes('register.required')) return 'register.allFields';
  return errors.birthday ?? errors.firstName ?? errors.lastName ?? errors.password ?? errors.email ?? errors.direction ?? null;
}

export interface InvitationRegistration {
  firstName: string;
  lastName: string;
  password: string;
  /** student invitations ask to confirm the password; enrollee invitations do not */
  confirmPassword?: string;
  /** DD.MM.YYYY */
  birthday: string;
}

type InvitationField = keyof InvitationRegistration;

/** Invitation registration, field by field: required, then the field's rule (the confirmation must match). */
export function invitationErrors(
  input: Partial<Record<keyof InvitationRegistration, unknown>>,
  confirm: boolean,
): FieldErrors<InvitationField> {
  const text = (f: InvitationField) => (typeof input[f] === 'string' ? (input[f] as string) : '');
  const password = text('password');
  const rules: Partial<Record<InvitationField, () => AccountErrorKey | null>> = {
    firstName: () => firstNameError(text('firstName')),
    lastName: () => lastNameError(text('lastName')),
    password: () =>
      password.length < PASSWORD_MIN ? 'register.passwordShort' : password.length > 100 ? 'register.passwordLong' : null,
    ...(confirm ? { confirmPassword: () => (text('confirmPassword') === password ? null : 'register.passwordsDiffer') } : {}),
    birthday: () => (parseBirthday(text('birthday')) ? null : 'register.birthday'),
  };
  const errors: FieldErrors<InvitationField> = {};
  for (const [field, rule] of Object.entries(rules) as Array<[InvitationField, () => AccountErrorKey | null]>) {
    const error = blank(input[field]) ? 'register.required' : rule();
    if (error) errors[field] = error;
  }
  return errors;
}

/** Invitation registration as the server answers it: all fields, password length, confirmation, birthday, names. */
export function invitationError(
  input: Partial<Record<keyof InvitationRegistration, unknown>>,
  confirm: boolean,
): AccountErrorKey | null {
  const errors = invitationErrors(input, confirm);
  if (Object.values(errors).includes('register.required')) return 'register.allFields';
  return errors.password ?? errors.confirmPassword ?? errors.birthday ?? errors.firstName ?? errors.lastName ?? null;
}

/** Password change (spec 2 §5): all three required, 6 to 30 characters, new equals confirmation. */
export function passwordChangeError(input: {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}): AccountErrorKey | null {
  if (!input.oldPassword || !input.newPassword || !input.confirmPassword) return 'password.required';
  const outside = (p: string) => p.length < PASSWORD_MIN || p.length > PASSWORD_MAX;
  if (outside(input.newPassword)) return 'password.length';
  if (input.newPassword !== input.confirmPassword) return 'password.mismatch';
  return null;
}
