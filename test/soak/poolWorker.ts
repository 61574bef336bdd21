// One Seller Desk process of the pool soak (pool.soak.ts): opens the profile in SOAK_DATA_DIR and
// runs one `push` or one sync, as a cron job or the app would; the soak may kill it at any line.
import { openSellerProfile } from '../../electron/core/usecases/openSellerProfile';
import { push, syncNow } from '../../electron/core/usecases/sync';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const profile = openSellerProfile({
  dataDir: env('SOAK_DATA_DIR'),
  baseUrl: env('SOAK_BASE_URL'),
  token: () => env('SOAK_TOKEN'),
  windowMs: Number(env('SOAK_WINDOW_MS')),
  syncBackoff: { baseMs: 50, maxMs: 500, maxInlineWaitMs: 1000 },
});
const run = process.argv[2] === 'sync' ? syncNow : push;
// A failed run (the faults) is an outcome like any other here: the soak checks the marketplace.
await run(profile).catch(() => undefined);
await profile.close();
