// Confirming a credential file (to the queue, or to the restock pool) is a job like a bulk change:
// the core tells its progress in rows (the task bar shows it) and the seller may stop it; stopped,
// nothing is queued or pooled (the rows move in one transaction at the end). The real core
// against a sandbox on loopback, every call through the contract's dispatch.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventPayload, JobKind } from '../../electron/contract/ipc';
import type { AppCore } from '../../electron/core/app';
import { coreCalls, startConnectedCore, type ConnectedCore } from './coreHarness';

/** Seeded in the sandbox: an account offer whose system takes several credentials. */
const ACCOUNT_OFFER = 1009;
const LINES = 3_000;

let world: ConnectedCore;
let core: AppCore;
let progress: EventPayload<'job.progress'>[];
let finished: EventPayload<'job.finished'>[];
const { call, failureOf, syncNow, localIdOf } = coreCalls(() => core);

beforeEach(async () => {
  progress = [];
  finished = [];
  world = await startConnectedCore(
    'credential-jobs',
    { syncDebounceMs: 3_600_000, syncHoldMs: 0, systemLanguages: ['en-US'] },
    (c) => {
      c.on('job.progress', (p) => void progress.push(p));
      c.on('job.finished', (f) => void finished.push(f));
    },
  );
  core = world.core;
  await syncNow();
});
afterEach(() => world.close());

function accountsFile(): string {
  const path = join(world.dir, 'accounts.txt');
  const lines = Array.from({ length: LINES }, (_, i) => `job.login${i}:Pw-${i}`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Stops the first job of `kind` at its first progress. */
function stopFirst(kind: JobKind): () => void {
  return core.on('job.progress', (p) => {
    if (p.kind === kind) void call('job.stop', { jobId: p.jobId });
  });
}

describe('credential files as jobs', () => {
  it('an import tells its rows and, stopped, queues nothing; confirmed, queues them all', async () => {
    const localId = await localIdOf(ACCOUNT_OFFER);
    const path = accountsFile();

    const off = stopFirst('credential_import');
    const stopped = await call('credentials.preview', { localId, file: path });
    if (stopped.state !== 'ready') throw new Error(stopped.state);
    const failure = await failureOf('credentials.commit', {
      previewId: stopped.previewId,
      mode: 'add',
    });
    off();
    expect(failure.message).toBe('The import was stopped; nothing was queued.');
    expect(finished.at(-1)).toMatchObject({ kind: 'credential_import', outcome: 'stopped' });

    progress = [];
    const ready = await call('credentials.preview', { localId, file: path });
    if (ready.state !== 'ready') throw new Error(ready.state);
    const done = await call('credentials.commit', { previewId: ready.previewId, mode: 'add' });
    // Had the stopped one queued any, they would now be duplicates of what the offer has.
    expect(done).toEqual({ queued: LINES, skipped: 0 });
    const told = progress.filter((p) => p.kind === 'credential_import');
    expect(told.at(-1)).toMatchObject({ done: LINES, total: LINES });
    expect(told.every((p) => p.total === LINES && p.done <= LINES)).toBe(true);
    expect(finished.at(-1)).toMatchObject({ kind: 'credential_import', outcome: 'done' });
  });

  it('the restock pool’s file: stopped, the pool and its level stay; confirmed, all are pooled', async () => {
    const localId = await localIdOf(ACCOUNT_OFFER);
    const path = accountsFile();

    const off = stopFirst('pool_import');
    const stopped = await call('stock.poolPreview', { localId, file: path });
    if (stopped.state !== 'ready') throw new Error(stopped.state);
    await failureOf('stock.poolAdd', { previewId: stopped.previewId, keep: 2 });
    off();
    expect(finished.at(-1)).toMatchObject({ kind: 'pool_import', outcome: 'stopped' });
    expect(await call('stock.pool', { localId })).toMatchObject({ pool: 0, keep: 0 });

    const ready = await call('stock.poolPreview', { localId, file: path });
    if (ready.state !== 'ready') throw new Error(ready.state);
    const added = await call('stock.poolAdd', { previewId: ready.previewId, keep: 2 });
    expect(added).toMatchObject({ added: LINES, pool: { pool: LINES, keep: 2 } });
    expect(finished.at(-1)).toMatchObject({ kind: 'pool_import', outcome: 'done' });
  });
});
