// Profit: the seller's costs of goods, and the guard that keeps a price above them.
export {
  checkCost,
  checkSupplier,
  costBatches,
  MAX_COST,
  MAX_SUPPLIER_LENGTH,
  nextUnitCosts,
  setOfferCost,
} from './costs';
export type { SetOfferCostInput } from './costs';
