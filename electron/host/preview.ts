// `npm run preview [-- --base-url=https://… --data-dir=… --port=…]`: Seller Desk in the browser.
// Without --base-url the sandbox marketplace runs in this process, with its demo data, and both
// "Connect with your API token" (a demo token is printed) and "Try the sandbox" reach it.
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { createFileStaging } from './fileStaging';
import { createHostCore } from './hostCore';
import { createSandboxPort } from '../shell/sandboxPort';
import { startHost } from './startHost';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    'data-dir': { type: 'string', default: '.seller-desk-dev' },
    port: { type: 'string', default: '0' },
    'renderer-dir': { type: 'string', default: 'out/renderer' },
  },
  strict: true,
});

const log = (message: string) => console.log(`[host] ${message}`);
const dataDir = resolve(values['data-dir']);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, not "${values.port}".`);
  process.exit(2);
}

const sandbox = createSandboxPort({ snapshotFile: join(dataDir, 'sandbox-marketplace.json') });
let baseUrl = values['base-url'];
if (!baseUrl) {
  const started = await sandbox.start();
  baseUrl = started.baseUrl;
  console.log(`Sandbox marketplace on ${baseUrl} (demo token: ${started.token})`);
}
const staging = createFileStaging(join(dataDir, 'staged-files'));
const core = await createHostCore({ dataDir, staging, baseUrl, sandbox, log });
const host = await startHost({
  port,
  rendererDir: resolve(values['renderer-dir']),
  core,
  staging,
  log,
});
await core.start();
console.log(`Seller Desk is at ${host.url}`);
console.log(
  'Open it in one browser tab: its secret links that tab (a reload keeps it) and then stops ' +
    'working. Ctrl+C stops.',
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await host.close();
  await core.close();
  await sandbox.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
