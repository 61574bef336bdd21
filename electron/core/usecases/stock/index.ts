// Stock: account offers' credentials left on the marketplace, low-stock levels and alerts.
export {
  DEFAULT_STOCK_THRESHOLD,
  STOCK_ESTIMATE_NOTE,
  offersLowOnStock,
  setStockThreshold,
  stockNotice,
  stockReason,
  stockReport,
  takeStockAlerts,
} from './stock';
export type { OfferStock, StockAlertNotice, StockThresholdInput } from './stock';
