// What the load phase measured, from the answers and nginx's access log (which instance served or failed
// each request): the figures, the CPU per request, the timeline, and the load's checks.
import fs from 'node:fs';
import { RATE, SECONDS } from './options.mjs';
import { check } from './report.mjs';

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function readAccessLog(file) {
  const byId = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = / (\d{3}) \d+ [\d.]+ up=(.*) upstatus=(.*) id=(\d+)$/.exec(line);
    if (match)
      byId.set(Number(match[4]), { status: Number(match[1]), upstreams: match[2].split(', '), upstreamStatus: match[3] });
  }
  return byId;
}

/** Prints the load's figures and checks them; returns the figures. */
export function reportLoad({ results, sessions, begin, killSent, deadAt, a, b, accessLog, cpuBefore, cpuAtKill, backends }) {
  const logged = readAccessLog(accessLog);
  const aAddress = `127.0.0.1:${a.port}`;
  const bAddress = `127.0.0.1:${b.port}`;

  const failed = results.filter((r) => r.status < 200 || r.status >= 300);
  const inFlight = results.filter((r) => r.started < deadAt && r.ended > killSent);
  // a failure is excused only when it was in flight when A died and nginx says A is what failed it
  const excused = (r) => {
    const line = logged.get(r.id);
    return r.started < deadAt && r.ended > killSent && line?.status === 502 && line.upstreams.at(-1) === aAddress;
  };
  const unexcused = failed.filter((r) => !excused(r));
  const after = results.filter((r) => r.started >= deadAt);
  const afterOk = after.filter((r) => r.status >= 200 && r.status < 300);
  const afterOnB = after.filter((r) => logged.get(r.id)?.upstreams.at(-1) === bAddress);
  const before = results.filter((r) => r.ended <= killSent);
  const beforeOnA = before.filter((r) => logged.get(r.id)?.upstreams.at(-1) === aAddress);
  const retried = results.filter((r) => (logged.get(r.id)?.upstreams.length ?? 0) > 1);
  const latencies = (rows) => rows.map((r) => r.ended - r.started).sort((x, y) => x - y);
  const figures = (rows, seconds) => {
    const ms = latencies(rows);
    return {
      requests: rows.length,
      'req/s': +(rows.length / seconds).toFixed(1),
      'p50 ms': +percentile(ms, 50).toFixed(1),
      'p99 ms': +percentile(ms, 99).toFixed(1),
      'max ms': +(ms.at(-1) ?? 0).toFixed(1),
    };
  };
  const beforeSeconds = (killSent - begin) / 1000;
  const afterSeconds = (begin + SECONDS * 1000 - deadAt) / 1000;

  console.log(`\nload: ${RATE} req/s for ${SECONDS} s through nginx, A killed (SIGKILL) at ${beforeSeconds.toFixed(1)} s`);
  console.table({
    'before the kill': { ...figures(before, beforeSeconds), failed: before.filter((r) => r.status !== 200).length },
    'after A died (B alone)': { ...figures(after, afterSeconds), failed: after.filter((r) => r.status !== 200).length },
    'the whole run': { ...figures(results, SECONDS), failed: failed.length },
  });
  console.log(
    `A died ${(deadAt - killSent).toFixed(1)} ms after the signal; ${inFlight.length} requests were in flight then ` +
      `(${inFlight.filter((r) => r.method === 'POST').length} POSTs); ${failed.length} failed ` +
      `(${failed.map((r) => `${r.method} ${r.status || r.error}`).join(', ') || 'none'}); ` +
      `${retried.length} went to B after A failed them (GETs in flight, and new requests while nginx learnt A was gone)`,
  );

  // CPU per request before the kill (pids present at both samples; a backend that closed meanwhile is left out)
  const used = (key) =>
    cpuBefore[key].reduce((sum, start, i) => (start > 0 && cpuAtKill[key][i] > 0 ? sum + cpuAtKill[key][i] - start : sum), 0);
  const startedBeforeKill = results.filter((r) => r.started < killSent).length;
  const cpuPerRequest = {
    postgres: (used('postgres') * 1000) / startedBeforeKill,
    instances: (used('instances') * 1000) / startedBeforeKill,
  };
  const localPostgres = used('postgres') > 0;
  console.log(
    localPostgres
      ? `CPU per request before the kill (${startedBeforeKill} requests, ${backends.length} PostgreSQL backends): ` +
          `PostgreSQL ${cpuPerRequest.postgres.toFixed(2)} ms, the instances ${cpuPerRequest.instances.toFixed(2)} ms ` +
          `(PostgreSQL is ${Math.round((100 * cpuPerRequest.postgres) / (cpuPerRequest.postgres + cpuPerRequest.instances))} % of the server side)`
      : `CPU per request: the instances ${cpuPerRequest.instances.toFixed(2)} ms (PostgreSQL not on this machine: not measured)`,
  );

  // second by second: requests that started in it, their p99 and failures (the kill's second marked)
  const timeline = [];
  for (let second = 0; second < SECONDS; second += 1) {
    const rows = results.filter((r) => Math.floor((r.started - begin) / 1000) === second);
    const ms = latencies(rows);
    const killedHere = Math.floor((killSent - begin) / 1000) === second;
    timeline.push(
      `${second}s${killedHere ? '†' : ''}: ${rows.length} p99 ${Math.round(percentile(ms, 99))} ms${rows.some((r) => r.status !== 200) ? ` ${rows.filter((r) => r.status !== 200).length} failed` : ''}`,
    );
  }
  console.log(`per second (started, p99; † A killed): ${timeline.join(' · ')}\n`);

  check(
    before.length > 0 && before.every((r) => r.status === 200),
    `every request before the kill answered 200 (${before.length})`,
  );
  check(
    beforeOnA.length > 0 && beforeOnA.length < before.length,
    `both instances served before the kill (A ${beforeOnA.length} of ${before.length})`,
  );
  // affinity: request `id` was sent with session `id % sessions`; before the kill each session keeps to one
  const instancesOf = Array.from({ length: sessions }, () => new Set());
  for (const r of before) instancesOf[r.id % sessions].add(logged.get(r.id)?.upstreams.at(-1));
  const onA = instancesOf.filter((set) => set.size === 1 && set.has(aAddress)).length;
  const onB = instancesOf.filter((set) => set.size === 1 && set.has(bAddress)).length;
  check(
    onA + onB === sessions,
    `each session's requests went to one instance before the kill (${sessions} sessions: ${onA} on A, ${onB} on B)`,
  );
  check(
    unexcused.length === 0,
    `no request failed but those in flight on A when it died (failed ${failed.length}, in flight ${inFlight.length}` +
      (unexcused.length
        ? `; not excused: ${unexcused.map((r) => `#${r.id} ${r.method} ${r.path} ${r.status || r.error}`).join(', ')}`
        : '') +
      ')',
  );
  check(
    failed.every((r) => r.method === 'POST'),
    'only POSTs failed: GETs in flight on A were answered by B, POSTs that reached A were not sent twice',
  );
  check(
    afterOk.length === after.length && afterOnB.length === after.length && after.length >= RATE * afterSeconds * 0.25,
    `the load went on through B: ${afterOk.length} of ${after.length} requests after A died answered, all by B`,
  );
  return {
    before: figures(before, beforeSeconds),
    after: figures(after, afterSeconds),
    failed: failed.length,
    inFlight: inFlight.length,
    retried: retried.length,
  };
}
