// The marketplace's three rolling windows (API document, Limits), per seller. The window length
// is a parameter so that tests can run a "minute" of one second.
import { limits } from '../contract/marketplace/limits';

interface Entry {
  at: number;
  weight: number;
}

/** A rolling window that counts weights (requests, or offers for manage). */
export class RollingWindow {
  private entries: Entry[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  used(now: number): number {
    this.entries = this.entries.filter((e) => e.at > now - this.windowMs);
    return this.entries.reduce((sum, e) => sum + e.weight, 0);
  }

  /** Whether `weight` more fits now; if it does, it is taken. */
  tryTake(now: number, weight: number): boolean {
    if (this.used(now) + weight > this.limit) return false;
    this.entries.push({ at: now, weight });
    return true;
  }

  /** How long until `weight` more would fit (ms, at least 1). */
  waitMs(now: number, weight: number): number {
    let excess = this.used(now) + weight - this.limit;
    for (const e of this.entries) {
      excess -= e.weight;
      if (excess <= 0) return Math.max(1, e.at + this.windowMs - now);
    }
    return this.windowMs;
  }
}

export interface SellerWindows {
  requests: RollingWindow;
  manageOffers: RollingWindow;
  attach: RollingWindow;
}

export class RateLimits {
  private readonly bySeller = new Map<number, SellerWindows>();

  constructor(readonly windowMs: number) {}

  of(sellerId: number): SellerWindows {
    let w = this.bySeller.get(sellerId);
    if (!w) {
      w = {
        requests: new RollingWindow(limits.requestsPerWindow, this.windowMs),
        manageOffers: new RollingWindow(limits.manageOffersPerWindow, this.windowMs),
        attach: new RollingWindow(limits.attachPerWindow, this.windowMs),
      };
      this.bySeller.set(sellerId, w);
    }
    return w;
  }
}

/** `Retry-After` in whole seconds, never below 1. */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}
