/** The `param` notices of /login (spec 1 §2, §8): message key and style. */
export const LOGIN_NOTICES = {
  forbidden: { key: 'AccessIsDenied', kind: 'info' },
  start: { key: 'RegistrationComplete', kind: 'success' },
  successRecovery: { key: 'PasswordRecovered', kind: 'success' },
  logout: { key: 'LoggedOut', kind: 'info' },
  invalidRegToken: { key: 'invalidRegistrationToken', kind: 'danger' },
} as const;

export type LoginParam = keyof typeof LOGIN_NOTICES;
