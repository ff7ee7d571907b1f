// The worker's limits as it measures and reports them: the WebAssembly memory a test grows, the texts
// a student reads when a limit is hit, and the two failures the worker tells apart from the student's
// own errors. Shared by the other worker-*.cjs files (see worker.cjs).

/** A failure of QuickJS or of this process (not of the student's code): the process must not be reused. */
class InternalFailure extends Error {}

/** The solution left no memory for the grader: the test fails with the memory limit's text. */
class MemoryExhausted extends Error {}

/**
 * QuickJS's own memory limit bounds each allocation, not a runtime's total: this build of QuickJS
 * cannot read an allocation's size (quickjs-emscripten issue #271), so many allocations under the
 * limit add up unchecked. The total is therefore read off the WebAssembly memory: a test that grows
 * it by more than the limit (with a quarter's slack for the allocator) fails with the limit's text, and
 * QuickJS's interrupt checks stop it early when they come. The memory never shrinks: after a job that
 * grew it that far, or ran out of memory, or left it above RECYCLE_FACTOR limits, the process exits
 * (the pool starts a fresh one), so no later job, another student's, inherits a full or fragmented heap.
 */
const wasmBytes = (QuickJS) => QuickJS.getWasmMemory().buffer.byteLength;
const limitBytes = (limits) => limits.memoryMb * 1024 * 1024;
const GROWTH_SLACK = 1.25;
const RECYCLE_FACTOR = 4;
/** this process, across its jobs: recycle is set when it should not take another job */
const thisProcess = { recycle: false };

/** The student-readable text of an error: a limit's own text, else its name and message, cut at errorChars. */
function describe(error, limits) {
  const { name, message } = error;
  if (message === 'interrupted')
    return `Time limit exceeded (${limits.timeMs} ms): the code ran too long. Is there an endless loop?`;
  if (message === 'out of memory' || message === 'string too long' || message === 'invalid array length')
    return `Memory limit exceeded (${limits.memoryMb} MB)`;
  if (message === 'stack overflow') return 'Stack limit exceeded: the recursion is too deep';
  const text = name ? `${name}: ${message}` : message;
  return text.length > limits.errorChars ? `${text.slice(0, limits.errorChars)}…` : text;
}

module.exports = { InternalFailure, MemoryExhausted, wasmBytes, limitBytes, GROWTH_SLACK, RECYCLE_FACTOR, thisProcess, describe };
