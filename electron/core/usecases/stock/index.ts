// Stock: account offers' credentials left on the marketplace, low-stock levels and alerts.
export {
  DEFAULT_STOCK_THRESHOLD,
  POOL_DRY_REASON,
  STOCK_ESTIMATE_NOTE,
  offersLowOnStock,
  setStockThreshold,
  stockNotice,
  stockReason,
  stockReport,
  takeStockAlerts,
} from './stock';
export type { OfferStock, StockAlertNotice, StockThresholdInput } from './stock';
export {
  MAX_POOL_KEEP,
  clearPool,
  commitPoolImport,
  offerPool,
  poolReport,
  previewPoolImport,
  offersToRestock,
  restockFromPools,
  setPoolKeep,
} from './pool';
export type { CommitPoolImportInput, OfferPool, PoolImportOutcome, Restocked } from './pool';
export {
  dropUncertainAccounts,
  sendUncertainAgain,
  uncertainAccounts,
  uncertainAccountsOf,
} from './uncertain';
export type { UncertainAccounts } from './uncertain';
