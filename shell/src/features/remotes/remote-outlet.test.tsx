import { act, screen, waitFor } from '@testing-library/react';
import { signedInUser } from '@academy/shared/testing';
import { renderShell } from '../../test-utils';

// Jest serves no remote bundles, so every load of a remote fails: the outlet must not keep that failure.
describe('remote outlet', () => {
  it('a remote that failed to load is tried again on the next navigation, and the fallback resets', async () => {
    await signedInUser({ role: 'PAY_STUDENT', direction: 'FE' });
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const remoteMapLoads = () => fetchSpy.mock.calls.filter(([input]) => String(input).includes('/config/remotes.json')).length;
    const { router } = renderShell('/user/courses');
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' }, { timeout: 5000 })).toBeInTheDocument();
    const first = remoteMapLoads();
    expect(first).toBeGreaterThan(0);

    act(() => void router.navigate('/user/courses/1'));
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(remoteMapLoads()).toBeGreaterThan(first));
  });

  it('an unknown path is the public area’s; with the public remote down the shell’s 404 stands in', async () => {
    renderShell('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
  });
});
