import { api, createAcademyStore, setApiBaseUrl } from '.';
import { resetInlineReplies } from './inline-replies';
import { signedInUser, testApiUrl } from '../testing';

// what a remote's endpoint asks (the student's course list), defined here as the remote does
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    inlineTestCourses: build.query<Array<{ id: number; name: string }>, void>({ query: () => '/api/student/course/all-views' }),
    inlineTestCoursesWithParams: build.query<Array<{ id: number; name: string }>, void>({
      query: () => ({ url: '/api/student/course/all-views', params: { studentId: 1 } }),
    }),
    inlineTestNavigation: build.query<unknown, { position: number }>({
      query: ({ position }) => ({ url: '/api/user/navigation/chapter/1?', params: { position } }),
    }),
  }),
});

const FROM_PAGE = [{ id: -1, name: 'from the page' }];

function putReplies(text: string) {
  document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="academy-replies">${text}</script>`);
}

describe('replies the server put into the page (issue 14)', () => {
  beforeAll(() => setApiBaseUrl(testApiUrl()));
  // a student of their own each (a refused call may end the session in the store)
  beforeEach(async () => {
    await signedInUser({ direction: 'FE' });
    resetInlineReplies();
    document.getElementById('academy-replies')?.remove();
  });
  afterEach(() => jest.restoreAllMocks());

  it('answer the first GET of their address without a request, once; the next one asks the server', async () => {
    putReplies(JSON.stringify({ '/api/student/course/all-views': FROM_PAGE }));
    const store = createAcademyStore();
    const first = await store.dispatch(testApi.endpoints.inlineTestCourses.initiate());
    expect(first.data).toEqual(FROM_PAGE);
    expect(document.getElementById('academy-replies')).toBeNull();
    const second = await store.dispatch(testApi.endpoints.inlineTestCourses.initiate(undefined, { forceRefetch: true }));
    expect(second.error).toBeUndefined();
    expect(second.data).not.toEqual(FROM_PAGE);
    expect(Array.isArray(second.data)).toBe(true);
  });

  it('answer a call with parameters only when the page has a reply for exactly those', async () => {
    putReplies(JSON.stringify({ '/api/user/navigation/chapter/1?&position=2': FROM_PAGE }));
    const store = createAcademyStore();
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const other = await store.dispatch(testApi.endpoints.inlineTestNavigation.initiate({ position: 3 }));
    expect(other.data).not.toEqual(FROM_PAGE);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const same = await store.dispatch(testApi.endpoints.inlineTestNavigation.initiate({ position: 2 }));
    expect(same.data).toEqual(FROM_PAGE);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('never answer a call with other parameters (another student, the staff view) or a stale page', async () => {
    putReplies(JSON.stringify({ '/api/student/course/all-views': FROM_PAGE }));
    const store = createAcademyStore();
    const withParams = await store.dispatch(testApi.endpoints.inlineTestCoursesWithParams.initiate());
    expect(withParams.data).not.toEqual(FROM_PAGE);
    await signedInUser({ direction: 'FE' });
    // 16 s after the page loaded: its replies are too old to show
    jest.spyOn(performance, 'now').mockReturnValue(16_000);
    const late = await store.dispatch(testApi.endpoints.inlineTestCourses.initiate());
    expect(late.error).toBeUndefined();
    expect(late.isSuccess).toBe(true);
    expect(late.data).not.toEqual(FROM_PAGE);
  });

  it('are not used after a change was sent (its refetches must see the change)', async () => {
    putReplies(JSON.stringify({ '/api/student/course/all-views': FROM_PAGE }));
    const store = createAcademyStore();
    const changeApi = api.injectEndpoints({
      endpoints: (build) => ({
        inlineTestChange: build.mutation<unknown, void>({
          query: () => ({ url: '/api/student/course/enroll/0', method: 'POST' }),
        }),
      }),
    });
    await store.dispatch(changeApi.endpoints.inlineTestChange.initiate());
    await signedInUser({ direction: 'FE' });
    const after = await store.dispatch(testApi.endpoints.inlineTestCourses.initiate());
    expect(after.error).toBeUndefined();
    expect(after.data).not.toEqual(FROM_PAGE);
  });

  it('are ignored when they are not a JSON object', async () => {
    for (const text of ['{nope', '[1,2]', 'null']) {
      resetInlineReplies();
      putReplies(text);
      const store = createAcademyStore();
      const result = await store.dispatch(testApi.endpoints.inlineTestCourses.initiate());
      expect(result.error).toBeUndefined();
      expect(result.isSuccess).toBe(true);
      expect(result.data).not.toEqual(FROM_PAGE);
      expect(document.getElementById('academy-replies')).toBeNull();
    }
  });
});
