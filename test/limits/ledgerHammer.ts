// A child process for the two-process test: acquires `count` slots as fast as the shared ledger
// allows and prints the ledger time of each grant as JSON.
import { createRateLimiter } from '../../electron/core/limits';
import { openLedgerFile } from './sqlite';

const [file, count, windowMs, requestsPerWindow, startAt] = process.argv.slice(2);
const db = openLedgerFile(file!);
const limiter = createRateLimiter({
  db,
  windowMs: Number(windowMs),
  limits: { requestsPerWindow: Number(requestsPerWindow) },
});
await new Promise((resolve) => setTimeout(resolve, Number(startAt) - Date.now()));
const grants = await Promise.all(
  Array.from({ length: Number(count) }, () =>
    limiter.acquireSlot({}).then((slot) => {
      slot.answered(); // an instant request: answered as soon as it was granted
      return slot.grantedAtMs;
    }),
  ),
);
limiter.close();
db.close();
process.stdout.write(JSON.stringify(grants));
