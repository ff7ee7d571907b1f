import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const within = <T>(promise: Promise<T>, ms: number, otherwise: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(otherwise), ms))]);

describe('a sandbox process whose server is gone', () => {
  it('leaves when its channel to the server closes, instead of living on as an orphan', async () => {
    const child = fork(path.join(__dirname, 'worker.cjs'), [], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    });
    await once(child, 'spawn');
    // its code loaded and its thread started, as a pool's idle process is
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(child.exitCode).toBeNull();
    const exited = once(child, 'exit').then(([code]) => code as number | string);
    child.disconnect();
    const code = await within(exited, 10_000, 'still running');
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(0);
  }, 30_000);
});
