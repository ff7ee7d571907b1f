import { sessionApi } from '@academy/shared/api';
import { createShell } from './app';

const memoryRouter = { kind: 'memory', path: '/user/courses' } as const;
const selectProfile = sessionApi.endpoints.getProfile.select();

describe('the profile the server put into a signed-in page (issue 14)', () => {
  it('is in the store before the first render, and is read once', () => {
    const profile = { id: 7, email: 'student@example.com', firstName: 'Ann', role: { name: 'STUDENT' } };
    document.body.insertAdjacentHTML(
      'beforeend',
      `<script type="application/json" id="academy-profile">${JSON.stringify(profile)}</script>`,
    );
    const { store } = createShell(memoryRouter);
    expect(selectProfile(store.getState())).toMatchObject({ status: 'fulfilled', data: profile });
    expect(document.getElementById('academy-profile')).toBeNull();
    // another store (a test's, the next page's) never starts from it
    expect(selectProfile(createShell(memoryRouter).store.getState()).data).toBeUndefined();
  });

  it('is ignored when it is not JSON', () => {
    document.body.insertAdjacentHTML('beforeend', '<script type="application/json" id="academy-profile">{nope</script>');
    const { store } = createShell(memoryRouter);
    expect(selectProfile(store.getState()).data).toBeUndefined();
  });
});
