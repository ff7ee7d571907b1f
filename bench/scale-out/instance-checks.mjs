// Checks straight to the instances: state kept in PostgreSQL is the same through A and B (sessions, the
// sign-in limit, grading).
import { performance } from 'node:perf_hooks';
import { request, signIn } from './http.mjs';
import { check } from './report.mjs';

export async function sessionsAcrossInstances(a, b) {
  const signedIn = await signIn(a, 'newcomer@demo.academy');
  check(signedIn.status === 200 && !!signedIn.cookie, `sign-in through A (${signedIn.status})`);
  const profile = await request(b, { path: '/api/user/profile', cookie: signedIn.cookie });
  check(
    profile.status === 200 && profile.json?.data?.email === 'newcomer@demo.academy',
    `the session started on A works on B (GET /api/user/profile through B: ${profile.status})`,
  );
  const out = await request(b, { method: 'DELETE', path: '/token', cookie: signedIn.cookie });
  // an instance may keep sessions in memory for up to a second (issue 14): wait that long, no longer
  let refusedAfter = null;
  const signedOutAt = performance.now();
  for (let i = 0; i < 30; i += 1) {
    const after = await request(a, { path: '/api/user/profile', cookie: signedIn.cookie });
    if (after.status === 401) {
      refusedAfter = performance.now() - signedOutAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  check(
    out.status === 200 && refusedAfter !== null && refusedAfter <= 1500,
    `signed out through B (${out.status}), refused on A after ${refusedAfter === null ? 'never' : `${Math.round(refusedAfter)} ms`}`,
  );
}

export async function sharedRateLimit(a, b) {
  // a made-up account: failures are counted per account and address whether or not it exists
  const account = `nobody-${process.pid}@demo.academy`;
  const statuses = [];
  for (const base of [a, b, a, b, a, b]) statuses.push((await signIn(base, account, 'wrong-password')).status);
  const expected = [401, 401, 401, 401, 401, 429];
  const wrong = statuses.slice(0, 5).every((s) => s !== 429 && s >= 400) && statuses[5] === 429;
  check(
    wrong,
    `sign-in limit shared: 5 failures alternating A and B, the 6th refused (${statuses.join(', ')}; expected ${expected.join(', ')} or 400s before the 429)`,
  );
}

/** A code answer graded on one instance is the student's state and history on the other, both ways. */
export async function sharedGrading(a, b) {
  const { cookie } = await signIn(a, 'student@demo.academy');
  const courses = (await request(a, { path: '/api/student/course/all-views', cookie })).json?.data ?? [];
  let courseTaskId = null;
  const findCode = (node) => {
    if (courseTaskId !== null || !node || typeof node !== 'object') return;
    if (!Array.isArray(node) && node.type === 'code' && node.solved === false && typeof node.taskId === 'number')
      courseTaskId = node.taskId;
    for (const value of Object.values(node)) findCode(value);
  };
  for (const course of courses)
    findCode((await request(a, { path: `/api/student/course/views/${course.id}`, cookie })).json?.data);
  if (courseTaskId === null) throw new Error('the demo student has no unsolved code task');
  const task = await request(a, { path: `/api/student/task/${courseTaskId}/code`, cookie });
  const stateId = task.json?.data?.studentTaskId;
  // a wrong solution, whatever the task: graded (its tests run in the instance's sandbox) and kept
  const send = (base, marker) =>
    request(base, {
      method: 'POST',
      path: `/api/student/taskInfo/${stateId}/code`,
      cookie,
      body: { solution: `// ${marker}\nconst nothing = 0;` },
    });
  const history = async (base) =>
    ((await request(base, { path: `/api/student/taskInfo/${stateId}/solutions`, cookie })).json?.data ?? []).map(
      (s) => `${/\/\/ (\S+)/.exec(s.answer?.solution ?? '')?.[1]}:${s.result?.length ?? 0} results`,
    );
  const markers = [`graded-on-a-${process.pid}`, `graded-on-b-${process.pid}`];
  const onA = await send(a, markers[0]);
  const onB = await send(b, markers[1]);
  const [seenOnB, seenOnA] = [await history(b), await history(a)];
  const viewOnB = (await request(b, { path: `/api/student/task/${courseTaskId}/code`, cookie })).json?.data;
  // the built server's sandbox ran the tests: an example fails with the solution's own error (the
  // function is not defined), not with the sandbox's (a worker file missing from server/dist once did)
  const firstError = (viewOnB?.result ?? []).find((outcome) => typeof outcome.error === 'string')?.error ?? '';
  const ranInSandbox = /not defined/.test(firstError) && !/cannot find module|sandbox/i.test(firstError);
  check(
    onA.status === 200 &&
      onB.status === 200 &&
      markers.every((m) => seenOnA.some((h) => h.startsWith(`${m}:`)) && seenOnB.some((h) => h.startsWith(`${m}:`))) &&
      seenOnA.join() === seenOnB.join() &&
      viewOnB?.lastActionIsWrong === true &&
      ranInSandbox,
    `grading state shared: a code answer graded on A and one on B are in both instances' history ` +
      `(${seenOnB.slice(0, 2).join(', ')}), and B shows the task answered wrong, its tests run by the built ` +
      `sandbox ("${firstError}")`,
  );
}
