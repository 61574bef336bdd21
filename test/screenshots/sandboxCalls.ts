// The few Seller API calls these tests make, over the real socket. Stand-in until the project's
// client (electron/core/api) lands; the paths and schemas are the shared ones, so nothing here
// decides the protocol.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { paths, uploadFieldName } from '../../electron/core/api/assumptions';
import {
  attachLinksResponseSchema,
  detachScreenshotResponseSchema,
  manageResponseSchema,
  uploadScreenshotResponseSchema,
  type AttachLinksResponse,
  type OfferWrite,
} from '../../electron/contract/marketplace/wire';

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

export function sandboxCalls(baseUrl: string, token: string) {
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  async function call(method: string, path: string, body?: unknown | FormData): Promise<unknown> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers:
        isForm || body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed: unknown = await response.json();
    if (!response.ok) throw new HttpStatusError(response.status, parsed);
    return parsed;
  }
  return {
    async attachScreenshotsFromLinks(
      offerId: number,
      urls: string[],
    ): Promise<AttachLinksResponse> {
      return attachLinksResponseSchema.parse(
        await call('POST', paths.attachLinks(offerId), { urls }),
      );
    },
    async detachScreenshot(offerId: number, url: string) {
      return detachScreenshotResponseSchema.parse(
        await call('DELETE', paths.detachScreenshot(offerId), { screenshot_url: url }),
      );
    },
    async uploadScreenshot(path: string) {
      const form = new FormData();
      form.append(uploadFieldName, new Blob([await readFile(path)]), basename(path));
      return uploadScreenshotResponseSchema.parse(await call('POST', paths.uploadScreenshot, form));
    },
    async manage(productId: number, offers: OfferWrite[], deliveryMs: number) {
      return manageResponseSchema.parse(
        await call('POST', paths.manage(productId), {
          offers,
          guarantee_delivery_time: deliveryMs,
        }),
      );
    },
  };
}
