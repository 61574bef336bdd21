// The request log tests read to check that a client stayed inside the limits.

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, without its '?'. */
  query: string;
  /** Clock ms when the request arrived. */
  at: number;
  /** 0 when the connection was dropped before an answer. */
  status: number;
  sellerId: number | null;
  /** Offers in a manage body, else 0. */
  manageOffers: number;
  /** Whether it was attach_screenshots_from_links. */
  attach: boolean;
  /** Whether it reached a handler that read or changed state. */
  processed: boolean;
}
