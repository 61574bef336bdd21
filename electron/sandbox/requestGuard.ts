// Who the sandbox marketplace answers. It listens on loopback, but any web page the seller has
// open can send requests there too, and a DNS-rebinding page can make them look same-origin: so
// the same Host and Origin checks as the browser host (electron/contract/loopback), answered the
// way the marketplace answers a request it will not serve, 403 with a message. Our clients
// (undici in the core, the CLI) send no Origin; an <img> of a stored screenshot sends none either.
import type { IncomingMessage } from 'node:http';
import { checkHost, checkOrigin, firstRefusal, loopbackHosts } from '../contract/loopback';
import { message, type Reply } from './reply';

/** The Host values that name the sandbox at `baseUrl`: its own address and loopback's names. */
export function sandboxHosts(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const port = Number(url.port || 80);
  const hosts = [`${url.hostname}:${port}`, ...loopbackHosts(port)].map((h) => h.toLowerCase());
  // A client may leave out the default port.
  if (port === 80) hosts.push(...hosts.map((h) => h.slice(0, -':80'.length)));
  return [...new Set(hosts)];
}

/** The refusal for a request from a foreign Host or Origin, or null to serve it. */
export function refuseForeignRequest(req: IncomingMessage, baseUrl: string): Reply | null {
  const hosts = sandboxHosts(baseUrl);
  const verdict = firstRefusal(
    checkHost(req.headers.host, hosts),
    checkOrigin(req.headers.origin, hosts),
  );
  return verdict.allowed
    ? null
    : message(403, `This sandbox refuses the request: ${verdict.reason}.`);
}
