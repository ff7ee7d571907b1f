import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShell } from './app';

// Jest serves no remote bundles, so every area renders its fallback: that error is expected here.
const originalError = console.error;
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (
      args.some(
        (a) => String(a).includes('area could not be loaded') || (a instanceof Error && a.name === 'RemoteUnavailableError'),
      )
    )
      return;
    originalError(...args);
  });
});
afterEach(() => jest.restoreAllMocks());

/** The whole shell (store, router, listeners) in a memory router at `path`. */
export function renderShell(path: string) {
  const shell = createShell({ kind: 'memory', path });
  const user = userEvent.setup();
  render(<shell.App />);
  return { ...shell, user, location: () => shell.router.location() };
}
