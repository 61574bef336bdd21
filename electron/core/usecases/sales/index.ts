// Sales: what the seller sold and earned, from the history each pull keeps.
export { ESTIMATE_NOTE, salesOf, salesReport, stepStart } from './salesReport';
export type {
  OfferSales,
  ProductSales,
  SalesBucket,
  SalesReport,
  SalesReportInput,
  SalesStep,
  SalesTotals,
  StoppedOffer,
} from './salesReport';
