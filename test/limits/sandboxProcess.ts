// The sandbox marketplace in its own process, for the limits benchmark: the client and the
// server then do not share one event loop. Prints `{ baseUrl, sellers }` as its first line;
// on any line from stdin it prints its request record as JSON and stops.
import { startSandbox } from '../../electron/sandbox';

const windowMs = Number(process.argv[2] ?? 60_000);
const sb = await startSandbox({ port: 0, windowMs, attachVisibleAfterMs: 0 });
process.stdout.write(`${JSON.stringify({ baseUrl: sb.baseUrl, sellers: sb.sellers })}\n`);
process.stdin.once('data', () => {
  process.stdout.write(`${JSON.stringify(sb.requests)}\n`, () => {
    void sb.close().then(() => process.exit(0));
  });
});
