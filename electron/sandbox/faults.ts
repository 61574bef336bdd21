// Fault injection for reliability tests: latency, 5xx answers without processing, and
// connections dropped before or after processing. A seeded PRNG makes a run reproducible.

export interface Faults {
  latencyMs: number;
  errorRate: number;
  dropBeforeRate: number;
  dropAfterRate: number;
  seed: number;
}

export const noFaults: Faults = {
  latencyMs: 0,
  errorRate: 0,
  dropBeforeRate: 0,
  dropAfterRate: 0,
  seed: 1,
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
  | { kind: 'dropAfter' };

export class FaultInjector {
  private faults: Faults = { ...noFaults };
  private random = seededRandom(noFaults.seed);

  set(partial: Partial<Faults>): void {
    this.faults = { ...noFaults, ...partial };
    this.random = seededRandom(this.faults.seed);
  }

  get latencyMs(): number {
    return this.faults.latencyMs;
  }

  /** One draw per kind, always in the same order, so a seed gives the same sequence. */
  decide(): FaultDecision {
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
