// Who may talk to the browser host. It listens on loopback only, but any web page the seller
// opens can still send requests to 127.0.0.1, and a DNS-rebinding page can even make them look
// same-origin. So: the Host header must name our loopback address, a browser's Origin (when
// sent) must be ours, and the bridge needs the random secret the page was opened with.
import { timingSafeEqual } from 'node:crypto';

export interface RequestFacts {
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  secret: string | undefined;
}

export type GuardVerdict = { allowed: true } | { allowed: false; status: number; reason: string };

/** The Host values that name this server; anything else is a rebinding or a mistake. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function checkHost(facts: Pick<RequestFacts, 'host'>, port: number): GuardVerdict {
  const host = facts.host?.toLowerCase();
  return host && allowedHosts(port).includes(host)
    ? { allowed: true }
    : { allowed: false, status: 421, reason: 'unexpected Host header' };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The bridge: our Host, our Origin (if any), a same-origin fetch (if the browser says), the secret. */
export function checkBridgeRequest(
  facts: RequestFacts,
  port: number,
  secret: string,
): GuardVerdict {
  const host = checkHost(facts, port);
  if (!host.allowed) return host;
  if (facts.origin !== undefined) {
    const origins = allowedHosts(port).map((h) => `http://${h}`);
    if (!origins.includes(facts.origin.toLowerCase())) {
      return { allowed: false, status: 403, reason: 'request from another origin' };
    }
  }
  if (facts.secFetchSite !== undefined && facts.secFetchSite !== 'same-origin') {
    return { allowed: false, status: 403, reason: 'cross-site request' };
  }
  if (!facts.secret || !sameSecret(facts.secret, secret)) {
    return { allowed: false, status: 401, reason: 'missing or wrong bridge secret' };
  }
  return { allowed: true };
}
