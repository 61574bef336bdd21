// Every endpoint of the API document, plus upload_screenshot, product details and the public
// screenshot storage.
import type { Route } from '../router';
import { addBatch, deleteCredential, replaceAll, updateCredential } from './credentials';
import { manageOffers } from './manage';
import { deleteOffer, editStatus, myOffers } from './offers';
import { listProducts, productDetails } from './products';
import { attachFromLinks, detachScreenshot, storageFile, uploadScreenshot } from './screenshots';

const api = '/api/shop/marketplace';

export const routes: Route[] = [
  {
    method: 'GET',
    pattern: `${api}/products/list`,
    handler: listProducts,
    body: 'none',
    auth: true,
  },
  {
    method: 'GET',
    pattern: '/shop/marketplace/products/:productId',
    handler: productDetails,
    body: 'none',
    auth: true,
  },
  {
    method: 'POST',
    pattern: `${api}/products/:productId/offers/manage`,
    handler: manageOffers,
    body: 'json',
    auth: true,
  },
  {
    method: 'GET',
    pattern: `${api}/offers/my_offers`,
    handler: myOffers,
    body: 'none',
    auth: true,
  },
  {
    method: 'POST',
    pattern: `${api}/offers/:offerId/edit_status`,
    handler: editStatus,
    body: 'json',
    auth: true,
  },
  {
    method: 'DELETE',
    pattern: `${api}/offers/:offerId/delete`,
    handler: deleteOffer,
    body: 'none',
    auth: true,
  },
  {
    method: 'DELETE',
    pattern: `${api}/offers/:offerId/detach_screenshot`,
    handler: detachScreenshot,
    body: 'json',
    auth: true,
  },
  {
    method: 'POST',
    pattern: `${api}/offers/:offerId/attach_screenshots_from_links`,
    handler: attachFromLinks,
    body: 'json',
    auth: true,
    attach: true,
  },
  {
    method: 'POST',
    pattern: '/external_api/pro/offers/:offerId/credentials/add_batch',
    handler: addBatch,
    body: 'json',
    auth: true,
  },
  {
    method: 'PUT',
    pattern: `${api}/offers/:offerId/credentials/replace_all`,
    handler: replaceAll,
    body: 'json',
    auth: true,
  },
  {
    method: 'PUT',
    pattern: `${api}/offers/:offerId/credentials/:credentialId`,
    handler: updateCredential,
    body: 'json',
    auth: true,
  },
  {
    method: 'DELETE',
    pattern: `${api}/offers/:offerId/credentials/:credentialId`,
    handler: deleteCredential,
    body: 'none',
    auth: true,
  },
  {
    method: 'POST',
    pattern: '/shop/marketplace/offers/upload_screenshot',
    handler: uploadScreenshot,
    body: 'multipart',
    auth: true,
  },
  {
    method: 'GET',
    pattern: '/storage/screenshots/*',
    handler: storageFile,
    body: 'none',
    auth: false,
  },
];
