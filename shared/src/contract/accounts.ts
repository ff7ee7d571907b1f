// Account rules both sides apply (spec 2 §5, §9): the forms show them at once, the server enforces them.
import { DIRECTIONS, type Direction, type PaymentType } from './index';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 30;
export const BIRTH_YEARS = { from: 1950, to: 2037 } as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const INVITATION_DAYS = 7;
export const RECOVERY_MINUTES = 60;

/** The message keys of the rules below (texts in the catalogues, `shared/i18n`). */
export type AccountErrorKey =
  | 'register.allFields'
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

/** The name rules of registration, also for changing one's details: the first failing rule's key. */
export function nameError(firstName: string, lastName: string): AccountErrorKey | null {
  if (!FIRST_NAME.test(firstName.trim())) return 'register.firstName';
  const last = lastName.trim();
  if (!LAST_NAME.test(last) || last.length < 2) return 'register.lastName';
  return null;
}

/** DD.MM.YYYY → ISO date, when it is a real day of the allowed years; else null. */
export function parseBirthday(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < BIRTH_YEARS.from || year > BIRTH_YEARS.to || month < 1 || month > 12 || day < 1) return null;
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

/**
 * Free registration, in the spec's order: every field filled (a correct check, unlike the original),
 * then birthday, first name, last name, password, e-mail.
 */
export function freeRegistrationError(input: Partial<Record<keyof FreeRegistration, unknown>>): AccountErrorKey | null {
  const fields = ['firstName', 'lastName', 'email', 'password', 'birthday'] as const;
  if (fields.some((f) => blank(input[f]))) return 'register.allFields';
  const value = (f: (typeof fields)[number]) => (input[f] as string).trim();
  if (!parseBirthday(value('birthday'))) return 'register.birthday';
  const names = nameError(value('firstName'), value('lastName'));
  if (names) return names;
  if ((input.password as string).length < PASSWORD_MIN) return 'register.passwordShort';
  if ((input.password as string).length > 100) return 'register.passwordLong';
  if (!isEmail(value('email'))) return 'register.email';
  if (!DIRECTIONS.includes(input.direction as Direction)) return 'register.direction';
  return null;
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

/** Invitation registration: all fields, password length, confirmation, birthday; names as above. */
export function invitationError(
  input: Partial<Record<keyof InvitationRegistration, unknown>>,
  confirm: boolean,
): AccountErrorKey | null {
  const fields = ['firstName', 'lastName', 'password', 'birthday', ...(confirm ? (['confirmPassword'] as const) : [])] as const;
  if (fields.some((f) => blank(input[f]))) return 'register.allFields';
  const password = input.password as string;
  if (password.length < PASSWORD_MIN) return 'register.passwordShort';
  if (password.length > 100) return 'register.passwordLong';
  if (confirm && input.confirmPassword !== password) return 'register.passwordsDiffer';
  if (!parseBirthday(input.birthday as string)) return 'register.birthday';
  return nameError(input.firstName as string, input.lastName as string);
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
