import { object, string, type InferType } from 'yup';

/** Sign-in form (spec 1 §5): username is a required e-mail, password is required. Messages are i18n keys. */
export const loginSchema = object({
  username: string().trim().required('validation.emailRequired').email('validation.emailInvalid'),
  password: string().required('validation.passwordRequired'),
});

export type LoginValues = InferType<typeof loginSchema>;
