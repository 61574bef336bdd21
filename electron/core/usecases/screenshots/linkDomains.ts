// Links from a domain the marketplace refused before: the one place that decides whether a link
// about to be added is warned. Both fronts ask here (the app before it queues a pasted or dropped
// link, the command line before `screenshots add`), and `addScreenshots` refuses such links unless
// the seller chose to add them anyway. A domain the marketplace accepted a link from since is
// not warned (the store forgets it as refused).
import { linkDomainOf, normalizeScreenshotUrls } from '../../../contract/rules/screenshots';
import type { SellerProfile } from '../profile';

export interface RefusedLinkDomain {
  domain: string;
  /** The links given from that domain. */
  urls: string[];
}

/** Of these links, those from domains the marketplace refused before, grouped by domain. */
export function refusedLinkDomains(
  profile: SellerProfile,
  urls: readonly string[],
): RefusedLinkDomain[] {
  const refused = new Set(profile.store().linkDomains().refused);
  if (refused.size === 0) return [];
  const byDomain = new Map<string, string[]>();
  for (const url of normalizeScreenshotUrls(urls).urls) {
    const domain = linkDomainOf(url);
    if (domain === null || !refused.has(domain)) continue;
    byDomain.set(domain, [...(byDomain.get(domain) ?? []), url]);
  }
  return [...byDomain].map(([domain, list]) => ({ domain, urls: list }));
}
