// Sales: what the seller sold and earned, from the history each pull keeps.
export { ESTIMATE_NOTE, salesReport, stepStart, totalsOf } from './salesReport';
export type {
  OfferSales,
  ProductSales,
  SalesBucket,
  SalesReport,
  SalesReportInput,
  SalesStep,
  SalesTotals,
  SalesTotalsByKind,
  SaleKind,
  SupplierSales,
  StoppedOffer,
} from './salesReport';
export { DEFAULT_DEAD_DAYS, MAX_DEAD_DAYS, deadStock } from './deadStock';
export type { DeadOffer, DeadStock, DeadStockInput } from './deadStock';
