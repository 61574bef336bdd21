// Fault injection for reliability tests: latency, 5xx answers without processing, connections
// dropped before or after processing, and a marketplace that misbehaves on purpose (429s with any
// Retry-After, answers that are not JSON). A seeded PRNG makes a run reproducible.

export interface Faults {
  latencyMs: number;
  errorRate: number;
  dropBeforeRate: number;
  dropAfterRate: number;
  seed: number;
  /** The next this many API requests are answered 429, unprocessed (Infinity: every one). */
  tooManyRequests: number;
  /** The Retry-After header of those 429s, sent as given ('31536000' is a year); '' for none. */
  retryAfter: string;
  /**
   * The next this many API requests (after any 429s) are answered 200 with an HTML page where
   * JSON was expected, as a captive portal or a broken proxy would; unprocessed.
   */
  malformedAnswers: number;
  /**
   * The next this many API requests (after any 429s and malformed answers) are processed, then
   * their connection dropped before the answer: a lost answer, its outcome unknown to the caller.
   */
  answersLost: number;
  /**
   * Only requests whose path holds this text meet the faults ('' : every request), so a test can
   * fail one endpoint ('/credentials/add_batch') and let the rest through.
   */
  pathIncludes: string;
}

export const noFaults: Faults = {
  latencyMs: 0,
  errorRate: 0,
  dropBeforeRate: 0,
  dropAfterRate: 0,
  seed: 1,
  tooManyRequests: 0,
  retryAfter: '1',
  malformedAnswers: 0,
  answersLost: 0,
  pathIncludes: '',
};

/** mulberry32: small, fast, good enough to pick which requests fail. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'dropBefore' }
  | { kind: 'error'; status: 500 | 502 | 503 }
  | { kind: 'dropAfter' }
  | { kind: 'tooManyRequests'; retryAfter: string }
  | { kind: 'malformed' };

export class FaultInjector {
  private faults: Faults = { ...noFaults };
  private random = seededRandom(noFaults.seed);
  /** What is left of the counted faults. */
  private left = { tooManyRequests: 0, malformedAnswers: 0, answersLost: 0 };

  set(partial: Partial<Faults>): void {
    this.faults = { ...noFaults, ...partial };
    this.random = seededRandom(this.faults.seed);
    this.left = {
      tooManyRequests: this.faults.tooManyRequests,
      malformedAnswers: this.faults.malformedAnswers,
      answersLost: this.faults.answersLost,
    };
  }

  get latencyMs(): number {
    return this.faults.latencyMs;
  }

  /**
   * Counted faults first (they draw nothing, so the seeded sequence after them is unchanged);
   * then one draw per kind, always in the same order, so a seed gives the same sequence.
   */
  decide(path = ''): FaultDecision {
    if (!path.includes(this.faults.pathIncludes)) return { kind: 'none' };
    if (this.left.tooManyRequests > 0) {
      this.left.tooManyRequests--;
      return { kind: 'tooManyRequests', retryAfter: this.faults.retryAfter };
    }
    if (this.left.malformedAnswers > 0) {
      this.left.malformedAnswers--;
      return { kind: 'malformed' };
    }
    if (this.left.answersLost > 0) {
      this.left.answersLost--;
      return { kind: 'dropAfter' };
    }
    const f = this.faults;
    if (f.errorRate === 0 && f.dropBeforeRate === 0 && f.dropAfterRate === 0)
      return { kind: 'none' };
    const before = this.random();
    const error = this.random();
    const which = this.random();
    const after = this.random();
    if (before < f.dropBeforeRate) return { kind: 'dropBefore' };
    if (error < f.errorRate) {
      const statuses = [500, 502, 503] as const;
      return { kind: 'error', status: statuses[Math.floor(which * 3)] ?? 500 };
    }
    if (after < f.dropAfterRate) return { kind: 'dropAfter' };
    return { kind: 'none' };
  }
}
