import { SIGN_IN_ERROR_KEYS, type SignInErrorKey } from '../contract';

/** What the global error alert shows for a failed load (spec 1 §8); null means nothing. */
export type AlertText = { key: 'SomethingWentWrong' | 'ServerError' | 'ClientError' } | { raw: string } | null;

export const SHORT_SERVER_TEXT = 60;

/** The failure as the alert sees it: a numeric status with the server's text, or a non-HTTP failure. */
export function errorAlertText(failure: { status: number | string; text?: string } | undefined): AlertText {
  if (!failure || typeof failure.status !== 'number') return { key: 'SomethingWentWrong' };
  const { status, text } = failure;
  if (status === 401 || status === 403) return null;
  if (status >= 500) return { key: 'ServerError' };
  if (text && text.length < SHORT_SERVER_TEXT) return { raw: text };
  return { key: 'ClientError' };
}

/** The sign-in message key for a failed sign-in call; anything unknown is loginError. */
export function signInErrorKey(key: string | undefined): SignInErrorKey | 'loginError' | 'tooManyAttempts' {
  if (key === 'tooManyAttempts') return key;
  return SIGN_IN_ERROR_KEYS.includes(key as SignInErrorKey) ? (key as SignInErrorKey) : 'loginError';
}
