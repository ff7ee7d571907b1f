// The node options the API server runs with wherever it is started: `npm start` (tooling/start.mjs),
// `npm start -w server`, the load benches, and the commands of docs/scaling.md (tooling/server-node-args.test.ts
// keeps those in step).
// - `--enable-source-maps`: a stack trace names the sources, not the bundle.
// - `--max-semi-space-size=64` (issue 33): a young generation of up to 64 MB per half instead of 16. A
//   lesson's herd (3,000 students arriving within 10 s on a fresh process) fills the caches with new
//   sessions, users and states; with 16 MB each scavenge copied them and promoted them early (scavenges
//   took 480–680 ms per 5 s of the arrival), and half the herds melted down. With 64 MB, 4 of 4 herds
//   passed against 3 of 5 without, run alternately (bench/RESULTS.md, 2026-12-04). It costs at most
//   ~100 MB more memory.
module.exports = ['--enable-source-maps', '--max-semi-space-size=64'];
