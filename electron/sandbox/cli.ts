// `npm run sim -- --port 4010 [--json] [--window-ms N] [--snapshot FILE] [--seed empty]
// [--buyers-ms N]`: a standalone sandbox marketplace that prints its base URL and the demo
// sellers' tokens and runs until SIGINT/SIGTERM (saving its snapshot first, when one was named).
// A buyer buys from an offer on sale every --buyers-ms (20 s by default; 0 keeps it still).
import { parseArgs } from 'node:util';
import { DEMO_BUYERS_EVERY_MS } from './buyers';
import { startSandbox } from './index';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      json: { type: 'boolean', default: false },
      'window-ms': { type: 'string' },
      snapshot: { type: 'string' },
      seed: { type: 'string', default: 'demo' },
      'buyers-ms': { type: 'string', default: String(DEMO_BUYERS_EVERY_MS) },
    },
  });
  const port = Number(values.port);
  const windowMs = values['window-ms'] === undefined ? undefined : Number(values['window-ms']);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, got ${values.port}`);
  if (windowMs !== undefined && (!Number.isFinite(windowMs) || windowMs < 1)) {
    throw new Error(`--window-ms must be a positive number, got ${values['window-ms']}`);
  }
  const buyersMs = Number(values['buyers-ms']);
  if (!Number.isFinite(buyersMs) || buyersMs < 0)
    throw new Error(`--buyers-ms must be 0 or more, got ${values['buyers-ms']}`);
  if (values.seed !== 'demo' && values.seed !== 'empty')
    throw new Error('--seed must be demo or empty');

  const sandbox = await startSandbox({
    port,
    host: values.host,
    ...(windowMs !== undefined ? { windowMs } : {}),
    ...(values.snapshot ? { snapshotFile: values.snapshot } : {}),
    seed: values.seed,
    ...(buyersMs > 0 ? { buyers: { everyMs: buyersMs } } : {}),
  });
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ baseUrl: sandbox.baseUrl, sellers: sandbox.sellers })}\n`,
    );
  } else {
    process.stdout.write(`Sandbox marketplace listening on ${sandbox.baseUrl}\n`);
    for (const s of sandbox.sellers)
      process.stdout.write(`  seller ${s.id} (${s.name}): token ${s.token}\n`);
    process.stdout.write(
      buyersMs > 0
        ? `A buyer buys from an offer on sale every ${buyersMs / 1000} s (--buyers-ms 0 keeps it still).\n`
        : 'No buyers: the marketplace keeps still.\n',
    );
    process.stdout.write('Press Ctrl+C to stop.\n');
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (values.snapshot) await sandbox.saveSnapshot();
    await sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${(error as Error).message}\n`);
  process.exit(1);
});
