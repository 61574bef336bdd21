// The memory bench's child: a process running only the app core (as the browser host runs it: the
// core in its worker thread, electron/corehost), so that the process's RSS is the core's. It opens
// the seller's profile, asks what the offers view asks (first page, counts, sync status), then
// imports a credential file into an account offer (preview, then add), telling the parent (IPC)
// where it is; the parent reads this process's RSS from /proc meanwhile. The bench bundles it
// with the core's worker threads, as `npm run build` does, so no TypeScript loader is measured.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createFileStaging } from '../../electron/host/fileStaging';
import { createHostCore } from '../../electron/host/hostCore';

const [dataDir, baseUrl, file, accountServerId] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const tell = (step: string) =>
  new Promise<void>((resolve) => process.send!({ step }, () => resolve()));

// Bundled by the bench as CommonJS (as the app ships the core): no top-level await.
async function main() {
  await tell('loaded');
  const staging = createFileStaging(join(dataDir, 'staged-files'));
  const core = await createHostCore({
    dataDir,
    staging,
    baseUrl,
    windowMs: 1000,
    syncIntervalMs: 3_600_000,
    syncHoldMs: 3_600_000,
  });
  await core.start();
  await tell('started');
  const h = core.handlers;
  const firstPage = { sort: { column: 'updated_at' as const, dir: 'desc' as const }, offset: 0 };
  const page = await h['offers.query']({ ...firstPage, limit: 100 });
  await h['offers.counts']({});
  await h['sync.status'](undefined);
  await tell(`opened: ${page.total} offers`);

  const found = await h['offers.query']({ ...firstPage, text: accountServerId, limit: 5 });
  const localId = found.rows.find((r) => r.serverId === Number(accountServerId))!.localId;
  const ref = await staging.stage('accounts.txt', createReadStream(file));
  const preview = await h['credentials.preview']({ localId, file: ref });
  if (preview.state !== 'ready') throw new Error('the preview asked for an encoding');
  await tell(`previewed: ${preview.totals.valid} valid of ${preview.totals.rows}`);
  const added = await h['credentials.commit']({ previewId: preview.previewId, mode: 'add' });
  await tell(`queued: ${added.queued}`);
  await core.close();
  await tell('closed');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
