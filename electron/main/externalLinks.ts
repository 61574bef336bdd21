// Which links leave the app for the seller's browser: https only, to the marketplace's and our
// own documentation hosts. Anything else a page tries to open is simply dropped.
import { DEFAULT_BASE_URL } from '../contract/marketplace/assumptions';

/** The marketplace's site (dashboard, help) from its API host: `api.example.com` → `example.com`. */
export function marketplaceSiteOf(baseUrl: string): string {
  const labels = new URL(baseUrl).hostname.split('.');
  return labels.length > 2 ? labels.slice(1).join('.') : labels.join('.');
}

export const EXTERNAL_LINK_HOSTS: readonly string[] = [
  // Where the seller makes a token, reads the offer guide, and reports a problem with the app.
  marketplaceSiteOf(DEFAULT_BASE_URL),
  'github.com',
];

/** True for an https URL on an allowed host or one of its subdomains, without credentials. */
export function isAllowedExternalUrl(url: string, hosts = EXTERNAL_LINK_HOSTS): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  if (parsed.port && parsed.port !== '443') return false;
  const host = parsed.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
