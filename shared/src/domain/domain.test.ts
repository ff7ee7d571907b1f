import type { Profile } from '../contract';
import { errorAlertText, pageStatus, parseStudentId, rootPathFor, signInErrorKey } from './index';

const profile = (role: Profile['role']['name'], id = 7): Profile => ({
  id,
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.cd',
  birthday: null,
  avatarUrl: null,
  role: { name: role },
  paymentType: null,
  direction: 'FE',
  requireCreateReport: false,
  hasMentor: false,
  isViewReport: false,
  inactivation: null,
  language: 'ru',
});

describe('page status (spec 1 §4)', () => {
  it('is NOT_READY without a profile, NORMAL without studentId, FAKE when viewing another student', () => {
    expect(pageStatus(undefined, null)).toBe('NOT_READY');
    expect(pageStatus(profile('MENTOR'), null)).toBe('NORMAL');
    expect(pageStatus(profile('MENTOR'), 12)).toBe('FAKE');
    expect(pageStatus(profile('PAY_STUDENT', 12), 12)).toBe('NORMAL');
    expect(pageStatus(profile('PAY_STUDENT', 12), 13)).toBe('FAKE');
    // staff viewing "themselves" is still FAKE: the rule speaks of paying students only
    expect(pageStatus(profile('ADMIN', 12), 12)).toBe('FAKE');
  });

  it('studentId must be a positive integer', () => {
    expect(parseStudentId('15')).toBe(15);
    for (const bad of [null, '', '0', '-1', '1e3', 'abc', '99999999999']) expect(parseStudentId(bad)).toBeNull();
  });
});

describe('root redirect by role (spec 1 §2)', () => {
  it.each([
    ['ADMIN', '/admin/users/'],
    ['MENTOR', '/mentor/review/table'],
    ['PAY_STUDENT', '/user/courses'],
    ['CHIEF_MENTOR', '/chief/review/planning'],
    ['MANAGER', '/manager/students/current'],
    ['STUDENT', '/enrollee/1'],
    ['CHIEF_MANAGER', '/chief-manager/students/current'],
    ['CURATOR', '/curator/students/all'],
    ['CHIEF', '/login'],
  ] as const)('%s goes to %s', (role, path) => {
    expect(rootPathFor(role)).toBe(path);
  });
  it('no role goes to /login', () => expect(rootPathFor(undefined)).toBe('/login'));
});

describe('global error alert text (spec 1 §8)', () => {
  it('follows the rules in order', () => {
    expect(errorAlertText(undefined)).toEqual({ key: 'SomethingWentWrong' });
    expect(errorAlertText({ status: 'FETCH_ERROR' })).toEqual({ key: 'SomethingWentWrong' });
    expect(errorAlertText({ status: 401, text: 'x' })).toBeNull();
    expect(errorAlertText({ status: 403, text: 'x' })).toBeNull();
    expect(errorAlertText({ status: 500, text: 'short' })).toEqual({ key: 'ServerError' });
    expect(errorAlertText({ status: 503 })).toEqual({ key: 'ServerError' });
    expect(errorAlertText({ status: 400, text: 'Course is closed' })).toEqual({ raw: 'Course is closed' });
    expect(errorAlertText({ status: 400, text: 'x'.repeat(60) })).toEqual({ key: 'ClientError' });
    expect(errorAlertText({ status: 404, text: '' })).toEqual({ key: 'ClientError' });
  });
});

describe('sign-in error keys (spec 1 §8)', () => {
  it('known keys pass, anything else is loginError', () => {
    for (const key of ['WrongLoginOrPassword', 'noLogin', 'noPassword', 'userIsBlocked', 'noSuchUser', 'tooManyAttempts']) {
      expect(signInErrorKey(key)).toBe(key);
    }
    expect(signInErrorKey(undefined)).toBe('loginError');
    expect(signInErrorKey('somethingElse')).toBe('loginError');
  });
});
