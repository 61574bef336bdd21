// The parts of `window.sellerDesk` the import components use (the whole API fits), so that each
// component says what it needs and a test page can give it exactly that.
import type { SellerDeskApi } from '../../../../electron/contract/ipc/api';

export type CredentialsApi = {
  fileRef: SellerDeskApi['fileRef'];
  on: SellerDeskApi['on'];
  credentials: SellerDeskApi['credentials'];
  /** The low-stock level; a page without it shows no level field. */
  stock?: SellerDeskApi['stock'];
  offers: Pick<SellerDeskApi['offers'], 'get'>;
  sync: Pick<SellerDeskApi['sync'], 'status'>;
  dialogs: Pick<SellerDeskApi['dialogs'], 'pickFiles'>;
};

export type OfferTransferApi = {
  fileRef: SellerDeskApi['fileRef'];
  imports: SellerDeskApi['imports'];
  exports: SellerDeskApi['exports'];
  dialogs: Pick<SellerDeskApi['dialogs'], 'pickFiles'>;
  /** An import is one undoable step; a page without it offers no Undo. */
  undo?: Pick<SellerDeskApi['undo'], 'undo'>;
};
