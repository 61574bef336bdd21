// Who may talk to a server of ours on loopback: the browser host (electron/host) and the sandbox
// marketplace (electron/sandbox). Loopback keeps other machines out, but any web page the seller
// opens can still send requests to 127.0.0.1, and a DNS-rebinding page can even make them look
// same-origin. So the Host header must name the server, and a browser's Origin (when it sends
// one) must be the server's own. Plain functions of header values, shared by both servers.

export type GuardVerdict = { allowed: true } | { allowed: false; status: number; reason: string };

const ALLOWED: GuardVerdict = { allowed: true };

/** The Host values that name a server listening on `port` on this machine's loopback. */
export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/** The Host header must be one of `hosts` (`name:port`); anything else is a rebinding or a mistake. */
export function checkHost(host: string | undefined, hosts: readonly string[]): GuardVerdict {
  const named = host?.toLowerCase();
  return named && hosts.includes(named)
    ? ALLOWED
    : { allowed: false, status: 421, reason: 'unexpected Host header' };
}

/** A browser's Origin, when sent, must be `http://` and one of `hosts`; 'null' is never ours. */
export function checkOrigin(origin: string | undefined, hosts: readonly string[]): GuardVerdict {
  if (origin === undefined) return ALLOWED;
  return hosts.map((host) => `http://${host}`).includes(origin.toLowerCase())
    ? ALLOWED
    : { allowed: false, status: 403, reason: 'request from another origin' };
}

/** When the browser says where a fetch comes from (Sec-Fetch-Site), it must be our own page. */
export function checkFetchSite(secFetchSite: string | undefined): GuardVerdict {
  return secFetchSite === undefined || secFetchSite === 'same-origin'
    ? ALLOWED
    : { allowed: false, status: 403, reason: 'cross-site request' };
}

/** The first refusal among the verdicts, or allowed. */
export function firstRefusal(...verdicts: GuardVerdict[]): GuardVerdict {
  return verdicts.find((verdict) => !verdict.allowed) ?? ALLOWED;
}
