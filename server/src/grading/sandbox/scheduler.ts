/** What the scheduler needs of a job: whose it is. */
interface Owned {
  owner: string;
}

/**
 * The sandbox's waiting room: each owner's jobs in the order they came, and which owner goes next.
 * A job runs in turns (a turn is a few of its tests, see SandboxOptions.turnMs); between two turns it
 * waits again, so a long or looping job never holds a process for long while others wait.
 *
 * The next turn goes to the owner (of those with a turn waiting) with the fewest turns running, then
 * the fewest jobs pending (waiting or running: a student with one submission goes before accounts that
 * filled their share), then the one served longest ago, then the one that came first. A flood from many
 * accounts, each with its share full, therefore waits behind anyone with a single submission.
 */
export class FairQueue<J extends Owned> {
  /** each owner's jobs waiting for their next turn, in the order they came */
  readonly #waiting = new Map<string, J[]>();
  /** each owner's jobs waiting or running (the per-owner bound is on this) */
  readonly #pending = new Map<string, number>();
  /** each owner's turns running */
  readonly #running = new Map<string, number>();
  /** when each owner with jobs pending was last served (a count of turns started) */
  readonly #servedAt = new Map<string, number>();
  #served = 0;
  #waitingCount = 0;

  /** Jobs waiting for a turn, all owners together. */
  get waiting(): number {
    return this.#waitingCount;
  }

  /** An owner's jobs waiting or running. */
  pending(owner: string): number {
    return this.#pending.get(owner) ?? 0;
  }

  /** A new job: it counts against its owner's share until `finished`. */
  admit(job: J): void {
    this.#pending.set(job.owner, this.pending(job.owner) + 1);
    this.#enqueue(job, 'back');
  }

  /** A job whose turn ended with tests left: it waits for its next turn, first of its owner's. */
  requeue(job: J): void {
    this.#enqueue(job, 'front');
  }

  /** The job whose turn comes next (now counted as running), or undefined when none waits. */
  next(): J | undefined {
    let chosen: string | undefined;
    let best: number[] = [];
    for (const owner of this.#waiting.keys()) {
      const rank = [this.#running.get(owner) ?? 0, this.pending(owner), this.#servedAt.get(owner) ?? 0];
      if (chosen === undefined || before(rank, best)) {
        chosen = owner;
        best = rank;
      }
    }
    if (chosen === undefined) return undefined;
    const queue = this.#waiting.get(chosen)!;
    const job = queue.shift()!;
    if (queue.length === 0) this.#waiting.delete(chosen);
    this.#waitingCount -= 1;
    this.#servedAt.set(chosen, ++this.#served);
    this.#running.set(chosen, (this.#running.get(chosen) ?? 0) + 1);
    return job;
  }

  /** A job's turn ended (whether the job goes on or not). */
  stopped(job: J): void {
    const left = (this.#running.get(job.owner) ?? 1) - 1;
    if (left > 0) this.#running.set(job.owner, left);
    else this.#running.delete(job.owner);
  }

  /** A job ended: its owner's share is given back. */
  finished(job: J): void {
    const left = this.pending(job.owner) - 1;
    if (left > 0) this.#pending.set(job.owner, left);
    else {
      this.#pending.delete(job.owner);
      this.#servedAt.delete(job.owner);
    }
  }

  /** Takes every waiting job out (the pool is closing). */
  drain(): J[] {
    const all = [...this.#waiting.values()].flat();
    this.#waiting.clear();
    this.#waitingCount = 0;
    return all;
  }

  #enqueue(job: J, end: 'front' | 'back'): void {
    const queue = this.#waiting.get(job.owner);
    if (!queue) this.#waiting.set(job.owner, [job]);
    else if (end === 'front') queue.unshift(job);
    else queue.push(job);
    this.#waitingCount += 1;
  }
}

/** a rank lower than another, compared field by field */
function before(rank: number[], other: number[]): boolean {
  for (let i = 0; i < rank.length; i++) if (rank[i] !== other[i]) return rank[i]! < other[i]!;
  return false;
}
