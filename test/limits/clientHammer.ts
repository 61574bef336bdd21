// A child process for the two-process test over a socket: a client behind a limiter on the
// shared ledger file sends `count` reads to the sandbox as fast as the ledger allows. It says
// "ready" once loaded and starts when the parent writes "go", so that both children race.
import { createMarketplaceClient } from '../../electron/core/api';
import { createRateLimiter } from '../../electron/core/limits';
import { openLedgerFile } from './sqlite';

const [file, count, windowMs, baseUrl] = process.argv.slice(2);
const db = openLedgerFile(file!);
const limiter = createRateLimiter({ db, windowMs: Number(windowMs) });
const client = createMarketplaceClient({
  baseUrl: baseUrl!,
  token: () => process.env.SELLER_DESK_TOKEN ?? '',
  limiter,
});
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const results = await Promise.allSettled(
  Array.from({ length: Number(count) }, () => client.myOffers({ limit: 1 })),
);
await client.close();
limiter.close();
db.close();
process.stdout.write(
  `${JSON.stringify({ failed: results.filter((r) => r.status === 'rejected').length })}\n`,
);
