// What the goods cost the seller: a cost per unit for an offer (gold, or the accounts of an offer
// that no batch covers) and, for accounts, the cost per account of each batch added to the
// restock pool (core/usecases/stock/pool.ts), used first in, first out. The seller's own figures:
// they stay in the profile and are never sent to the marketplace.
import type { CostBatch } from '../../store';
import { UseCaseFailure } from '../failure';
import { requireOffer } from '../offers/getOffer';
import type { SellerProfile } from '../profile';

/** The highest cost taken, the marketplace's highest price. */
export const MAX_COST = 2_000_000_000;
/** A supplier's name is a label, kept short. */
export const MAX_SUPPLIER_LENGTH = 100;

/** A cost is a finite amount from 0 up to MAX_COST; anything else is refused, nothing kept. */
export function checkCost(value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > MAX_COST) {
    throw new UseCaseFailure('bad_input', `A cost is an amount from 0 to ${MAX_COST}.`, [], {
      say: { key: 'refusals.profit.cost', values: { max: MAX_COST } },
    });
  }
  return value;
}

export function checkSupplier(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length > MAX_SUPPLIER_LENGTH) {
    throw new UseCaseFailure(
      'bad_input',
      `A supplier name is at most ${MAX_SUPPLIER_LENGTH} characters.`,
      [],
      { say: { key: 'refusals.profit.supplier', values: { max: MAX_SUPPLIER_LENGTH } } },
    );
  }
  return trimmed;
}

export interface SetOfferCostInput {
  localIds: readonly number[];
  /** The cost of one unit (one account for an account offer); null forgets it. */
  perUnit: number | null;
}

/** Sets the cost per unit of these offers, all or none. */
export function setOfferCost(
  profile: SellerProfile,
  input: SetOfferCostInput,
): { changed: number } {
  if (input.perUnit !== null) checkCost(input.perUnit);
  for (const localId of input.localIds) requireOffer(profile, localId);
  profile.store().profit().setUnitCosts(input.localIds, input.perUnit);
  return { changed: input.localIds.length };
}

/** What the next unit sold of each offer costs the seller (offers with no cost are absent). */
export function nextUnitCosts(
  profile: SellerProfile,
  localIds: readonly number[],
): Map<number, number> {
  return profile.store().profit().nextUnitCosts(localIds);
}

export function costBatches(profile: SellerProfile, localId: number): CostBatch[] {
  requireOffer(profile, localId);
  return profile.store().profit().batches(localId);
}
