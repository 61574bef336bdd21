// Attaching links in requests of at most 10 (the endpoint's limit), and turning the service's bare
// `failed` list into reasons the seller can act on.
import { limits } from '../../contract/marketplace/limits';
import type { AttachLinksResponse } from '../../contract/marketplace/wire';
import { batchUrls, explainFailedUrl } from '../../contract/rules/screenshots';

/** The one client method this needs (the marketplace client's `attachScreenshotsFromLinks`). */
export interface LinkAttacher {
  attachScreenshotsFromLinks(offerId: number, urls: string[]): Promise<AttachLinksResponse>;
}

export interface FailedLink {
  url: string;
  reason: string;
}

export interface AttachLinksOutcome {
  /** Stored URLs of the attached images, in the order the service reported them. */
  uploaded: string[];
  failed: FailedLink[];
  /** Links never sent because an earlier request threw; the caller keeps them queued. */
  unsent: string[];
  /** The error that stopped the run (rate limit, offline, cap reached), if any. */
  error: unknown;
  requests: number;
}

export interface AttachLinksOptions {
  /** Domains approved for the account when known; sharpens the reason of a failed link. */
  approvedDomains?: readonly string[] | null;
  batchSize?: number;
}

/**
 * Sends the links in order, one request per batch. A request that throws stops the run so the
 * order of what remains is kept for the next sync; what already went through is reported.
 */
export async function attachScreenshotLinks(
  client: LinkAttacher,
  offerId: number,
  urls: readonly string[],
  options: AttachLinksOptions = {},
): Promise<AttachLinksOutcome> {
  const outcome: AttachLinksOutcome = {
    uploaded: [],
    failed: [],
    unsent: [],
    error: null,
    requests: 0,
  };
  const batches = batchUrls(urls, options.batchSize ?? limits.urlsPerAttach);
  for (const [index, batch] of batches.entries()) {
    let response: AttachLinksResponse;
    try {
      outcome.requests++;
      response = await client.attachScreenshotsFromLinks(offerId, batch);
    } catch (error) {
      outcome.error = error;
      outcome.unsent = batches.slice(index).flat();
      return outcome;
    }
    outcome.uploaded.push(...response.uploaded);
    for (const url of response.failed) {
      outcome.failed.push({ url, reason: explainFailedUrl(url, options.approvedDomains ?? null) });
    }
  }
  return outcome;
}
