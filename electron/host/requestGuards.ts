// Who may talk to the browser host. It listens on loopback only; the Host, Origin and fetch-site
// checks every loopback server of ours makes (electron/contract/loopback) stop other pages and
// DNS rebinding, and the bridge also needs a secret only our page holds.
import { timingSafeEqual } from 'node:crypto';
import type { GuardVerdict } from '../contract/loopback';
import { checkFetchSite, checkHost, checkOrigin, firstRefusal } from '../contract/loopback';

export type { GuardVerdict } from '../contract/loopback';

export interface RequestFacts {
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  secret: string | undefined;
}

/** The Host values that name this server (it listens on 127.0.0.1 only). */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** Whether `given` is one of `expected`, in a time that does not tell where a guess differs. */
function isOneOf(given: string | undefined, expected: readonly string[]): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  return expected.some((secret) => {
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b);
  });
}

/**
 * The bridge: our Host, our Origin (if any), a same-origin fetch (if the browser says), and one
 * of the secrets this route takes (none left: 401, like a wrong one).
 */
export function checkBridgeRequest(
  facts: RequestFacts,
  port: number,
  secrets: readonly string[],
): GuardVerdict {
  const hosts = allowedHosts(port);
  const origin = firstRefusal(
    checkHost(facts.host, hosts),
    checkOrigin(facts.origin, hosts),
    checkFetchSite(facts.secFetchSite),
  );
  if (!origin.allowed) return origin;
  return isOneOf(facts.secret, secrets)
    ? { allowed: true }
    : { allowed: false, status: 401, reason: 'missing or wrong bridge secret' };
}
