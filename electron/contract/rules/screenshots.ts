// The marketplace's screenshot rules that the seller must hear about before acting, plus the pure
// handling of screenshot links. Environment-neutral: the renderer warns with the same rules the
// core applies, and both use the same URL normalisation.
import type { ProblemSay } from './problems';
import { translate, type Locale } from '../i18n';
import { limits } from '../marketplace/limits';
import {
  MarketplaceType,
  OfferStatus,
  type MarketplaceTypeValue,
  type OfferStatusValue,
} from '../marketplace/wire';

/** What the screenshot rules need to know about an offer (fits the offers table's row). */
export interface ScreenshotRuleOffer {
  marketplaceType: MarketplaceTypeValue;
  /** The server's status; null while the server has not seen the offer. */
  status: OfferStatusValue | null;
  /** Screenshots the server holds for the offer now. */
  screenshots: number;
}

/**
 * True when detaching one screenshot takes the offer to Draft: the service does that to an account
 * offer that loses its last screenshot. An offer already in Draft loses nothing worth a question.
 */
export function removingLastScreenshotSendsToDraft(offer: ScreenshotRuleOffer): boolean {
  return (
    offer.marketplaceType === MarketplaceType.Account &&
    offer.status !== null &&
    offer.status !== OfferStatus.Draft &&
    offer.screenshots === 1
  );
}

/**
 * True when attaching uploaded files sends the offer back to review. Uploaded files can only be
 * attached through a manage edit, and the service re-decides an account offer's status on every
 * manage (On Review when it passes), so a live account offer leaves the buyers' view for a while.
 * Links go through attach_screenshots_from_links, which the document does not tie to a status.
 */
export function attachEditSendsBackToReview(offer: ScreenshotRuleOffer): boolean {
  return (
    offer.marketplaceType === MarketplaceType.Account &&
    offer.status !== null &&
    offer.status !== OfferStatus.OnReview &&
    offer.status !== OfferStatus.Sold
  );
}

export const screenshotWarnings = {
  lastScreenshotToDraft:
    'This is the offer’s last screenshot. An account offer without screenshots goes to Draft and is hidden from buyers until you add one and send it to review again.',
  editBackToReview:
    'Adding files edits this account offer on the marketplace, which sends it back to review: buyers will not see it until the review passes.',
  capExceeded: `would exceed the ${limits.screenshotsMaxCount} screenshots an offer can hold`,
  mayTakeTimeToAppear: 'Images attached from links may take a short time to appear.',
} as const;

/** The IPC contract carries links of at most this length. */
const maxUrlLength = 2048;

/** `say`: the reason as a catalogue message, for the app; `reason` is the command line's English. */
export type UrlRefusal = { item: string; reason: string; say?: ProblemSay };

/**
 * Splits text that may hold several links (newlines, spaces, or commas between links) into
 * candidate items. A comma inside a link stays: image CDNs use them in paths (`w_100,h_100`).
 */
export function splitUrlText(text: string): string[] {
  return text
    .split(/\s+|[,;](?=\s*https?:\/\/)/i)
    .map((part) => part.trim().replace(/[,;]+$/, ''))
    .filter((part) => part.length > 0);
}

/**
 * Trims, splits, dedupes and checks screenshot links: only absolute http(s) URLs pass. Each
 * refused item carries the reason in words for the seller.
 */
export function normalizeScreenshotUrls(input: readonly string[]): {
  urls: string[];
  refused: UrlRefusal[];
} {
  const urls: string[] = [];
  const refused: UrlRefusal[] = [];
  const seen = new Set<string>();
  for (const item of input.flatMap(splitUrlText)) {
    if (item.length > maxUrlLength) {
      refused.push({
        item: `${item.slice(0, 60)}…`,
        reason: `is longer than ${maxUrlLength} characters`,
        say: { key: 'screenshots.reason.tooLong', values: { max: maxUrlLength } },
      });
      continue;
    }
    let parsed: URL;
    try {
      parsed = new URL(item);
    } catch {
      refused.push({
        item,
        reason: 'is not a web address (it should start with https://)',
        say: { key: 'screenshots.reason.notWebAddress' },
      });
      continue;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      refused.push({
        item,
        reason: `is a ${parsed.protocol.replace(/:$/, '')} link; the marketplace downloads only http and https links`,
        say: {
          key: 'screenshots.reason.protocol',
          values: { protocol: parsed.protocol.replace(/:$/, '') },
        },
      });
      continue;
    }
    if (!parsed.hostname) {
      refused.push({ item, reason: 'has no host name', say: { key: 'screenshots.reason.noHost' } });
      continue;
    }
    if (parsed.username || parsed.password) {
      // A link with a login in it would hand that login to the marketplace and to our logs.
      refused.push({
        item: redactUrlLogin(parsed),
        reason: 'contains a login; use a public link',
        say: { key: 'screenshots.reason.hasLogin' },
      });
      continue;
    }
    const url = parsed.href;
    if (seen.has(url)) continue;
    seen.add(url);
    urls.push(url);
  }
  return { urls, refused };
}

function redactUrlLogin(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

/** Groups links into requests of at most `size` (the attach endpoint takes 1 to 10). */
export function batchUrls(
  urls: readonly string[],
  size: number = limits.urlsPerAttach,
): string[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('batch size must be at least 1');
  const batches: string[][] = [];
  for (let i = 0; i < urls.length; i += size) batches.push(urls.slice(i, i + size));
  return batches;
}

/**
 * The likely reason the marketplace reported a link as failed. The service says only "failed";
 * the two causes it knows are an unapproved domain and a download that did not work.
 * `approvedDomains` is what the seller told us (or the sandbox's list); unknown → null.
 */
export function explainFailedUrl(url: string, approvedDomains: readonly string[] | null): string {
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'the marketplace could not read this link';
  }
  const approved =
    approvedDomains?.some((d) => {
      const domain = d.trim().toLowerCase();
      return host === domain || host.endsWith(`.${domain}`);
    }) ?? null;
  const approvalHint = `images are accepted only from domains approved for your account; ask marketplace support to approve ${host}`;
  if (approved === false) return `${host} is not approved for your account: ${approvalHint}`;
  if (approved === true) {
    return 'the marketplace could not download this image (check that the link opens a public JPEG or PNG)';
  }
  return `either ${host} is not approved for your account (${approvalHint}), or the image could not be downloaded`;
}

/**
 * How long to wait before looking at a just-attached image again: doubling from `baseMs`, capped at
 * `maxMs`. The core's check and the renderer's thumbnail retry share it, so both give up together.
 */
export function visibilityRetryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs = baseMs * 8,
): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
}

/** One line for the offer's outcome after an attach: each failed link with its likely reason. */
export function failedLinksMessage(
  failed: readonly string[],
  sent: number,
  approvedDomains: readonly string[] | null = null,
): string {
  const reasons = failed.map((url) => `${url} — ${explainFailedUrl(url, approvedDomains)}`);
  return `${failed.length} of ${sent} screenshot links could not be attached: ${reasons.join('; ')}`;
}

const FAILED_LINKS = /^(\d+) of (\d+) screenshot links could not be attached: ([\s\S]*)$/;

/**
 * The line failedLinksMessage wrote (kept in the store and the outbox in English, as the command
 * line prints it) in the language: each link's likely reason said from the catalogue. The core
 * writes it without the approved domains, so a link's reason follows from the link alone, as when
 * it was written. Null for a line of another form.
 */
export function failedLinksIn(message: string, locale: Locale): string | null {
  const line = FAILED_LINKS.exec(message);
  if (!line) return null;
  if (locale === 'en') return message;
  // Each part starts with its link (no spaces) and ' — '; a reason may hold '; ' itself.
  const links = line[3]!.split(/; (?=\S+ — )/).map((part) => {
    const url = part.split(' — ')[0]!;
    const host = URL.canParse(url) ? new URL(url).hostname.toLowerCase() : null;
    return host === null
      ? translate(locale, 'screenshots.linkFailed.unreadable', { url })
      : translate(locale, 'screenshots.linkFailed.either', { url, host });
  });
  return translate(locale, 'screenshots.linksNotAttached', {
    failed: line[1]!,
    sent: line[2]!,
    links: links.join('; '),
  });
}

/** The host a screenshot link is downloaded from, lower-cased; null when it is not a web link. */
export function linkDomainOf(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
