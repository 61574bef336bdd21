// `npm run preview [-- --base-url=https://… --data-dir=… --port=…]`: Seller Desk in the browser
// (`--help` lists the options).
// Without --base-url the sandbox marketplace runs in this process, with its demo data, and both
// "Connect with your API token" (a demo token is printed) and "Try the sandbox" reach it.
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { createFileStaging } from './fileStaging';
import { createHostCore } from './hostCore';
import { createSandboxPort } from '../shell/sandboxPort';
import { startHost } from './startHost';
import { helpLine, launchHelp } from '../shell/launchOptions';

const USAGE = [
  'Usage: npm run preview [-- OPTIONS]',
  '',
  'Builds the renderer and serves Seller Desk to one browser tab on 127.0.0.1. Without',
  '--base-url the sandbox marketplace runs in this process with its demo data; with',
  '`npm run sim -- --port 4010` running elsewhere, pass --base-url=http://127.0.0.1:4010.',
  'The data folder is .seller-desk-dev unless --data-dir names another.',
  '',
  ...launchHelp(['data-dir', 'base-url']),
  helpLine('--port=PORT', 'the port to serve on (default: any free one)'),
  helpLine('--help', 'this text'),
].join('\n');

let values: { 'base-url'?: string; 'data-dir': string; port: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      'data-dir': { type: 'string', default: '.seller-desk-dev' },
      port: { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

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
  rendererDir: resolve('out/renderer'),
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
