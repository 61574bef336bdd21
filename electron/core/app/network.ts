// "Is the marketplace reachable?" without spending a request of the rate budget: a TCP connect
// to its host, nothing more.
import { connect } from 'node:net';

export function tcpReachable(baseUrl: string, timeoutMs = 3_000): Promise<boolean> {
  const url = new URL(baseUrl);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port });
    const done = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
