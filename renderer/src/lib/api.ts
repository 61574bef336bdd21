// The one door to Seller Desk's core: the preload's `window.sellerDesk` in Electron, or the same
// API over the browser host's loopback bridge. Null when neither is there.
import type { SellerDeskApi } from '../../../electron/contract/ipc/api';
import { createHostApi } from './hostTransport';

export function connectToCore(): SellerDeskApi | null {
  if (window.sellerDesk) return window.sellerDesk;
  try {
    return createHostApi() ?? null;
  } catch {
    return null;
  }
}
