// The below-cost guard: a price that, once the marketplace takes its commission, pays the seller
// less than what the next unit costs them (a gold offer's cost per unit; for accounts the cost of
// the next account to be sold, first in, first out). The arithmetic lives here once; the preview
// use cases and the changes that queue a price ask it, and the fronts say it.

/** What the seller keeps of a price after the marketplace's commission (percent of the price). */
export function netOfCommission(
  price: number,
  commissionPercent: number | null | undefined,
): number {
  return price * (1 - (commissionPercent ?? 0) / 100);
}

/**
 * True when this price, after commission, is below the cost of the next unit. An offer with no
 * cost set (null) is never below cost: there is nothing to compare with.
 */
export function sellsBelowCost(
  price: number,
  commissionPercent: number | null | undefined,
  unitCost: number | null | undefined,
): boolean {
  if (unitCost === null || unitCost === undefined) return false;
  // Compared in hundredths of a ten-thousandth, so float noise (0.1 + 0.2) does not flag a price
  // that pays exactly the cost.
  const net = Math.round(netOfCommission(price, commissionPercent) * 1e6);
  return net < Math.round(unitCost * 1e6);
}

/** The preview's sentence: how many offers the change would have sell below cost. */
export function belowCostWarning(count: number): string {
  return count === 1
    ? '1 offer would sell below cost: after the marketplace commission, its new price is less than what the next unit costs you.'
    : `${count} offers would sell below cost: after the marketplace commission, their new price is less than what the next unit costs you.`;
}

/** The refusal when the seller did not confirm it; `how` names the confirmation of the front. */
export function belowCostRefusal(count: number, how: string): string {
  const offers = count === 1 ? '1 offer' : `${count} offers`;
  return `Nothing was changed: ${offers} would sell below cost. ${how}`;
}
