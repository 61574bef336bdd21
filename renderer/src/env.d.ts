import type { SellerDeskApi } from '../../electron/contract/ipc/api';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser host. */
    sellerDesk?: SellerDeskApi;
  }
}

export {};
