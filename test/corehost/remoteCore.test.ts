// The core behind the thread boundary answers every channel of the contract, and a call it was
// answering when its worker ended fails as `unavailable` instead of hanging.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translate } from '../../electron/contract/i18n';
import { AppFailure, channelNames } from '../../electron/contract/ipc';
import type { Sandbox } from '../../electron/sandbox';
import { startSandbox } from '../../electron/sandbox';
import { coreCalls } from '../app/coreHarness';
import { until } from '../app/sellerWorld';
import { childProcessSpawner, workerSpawner } from '../../electron/corehost/spawnCore';
import { openCoreWorld, type CoreWorld } from './coreWorld';

let sandbox: Sandbox;
let dir: string;
let world: CoreWorld | null = null;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  dir = mkdtempSync(join(tmpdir(), 'sd-remote-core-'));
});

afterEach(async () => {
  await world?.core.close();
  world = null;
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const failureOf = async (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error,
  );

describe('the core in its own thread', { timeout: 60_000 }, () => {
  it.each([
    ['thread', workerSpawner],
    ['process', childProcessSpawner],
  ])(
    'in its own %s, answers every channel of the contract from the far side: bad input refused there, a known channel answered',
    async (_, spawner) => {
      world = await openCoreWorld(join(dir, 'data'), sandbox.baseUrl, { spawnWith: spawner() });
      await world.core.start();
      // Straight to the proxies, past this side's dispatch: only the core's own dispatch, in the
      // worker, can name the channel in its refusal.
      for (const channel of channelNames) {
        const handler = world.core.handlers[channel] as (input: unknown) => Promise<unknown>;
        const error = await failureOf(handler('not an input'));
        expect(error, channel).toBeInstanceOf(AppFailure);
        expect((error as AppFailure).kind, channel).toBe('bad_input');
        expect((error as AppFailure).message, channel).toBe(
          `The request "${channel}" was malformed.`,
        );
      }
      const { call } = coreCalls(() => world!.core);
      expect(await call('session.status')).toMatchObject({ mode: 'none', tokenSet: false });
      const seller = sandbox.sellers[0]!;
      expect(await call('session.connect', { token: seller.token })).toMatchObject({
        mode: 'marketplace',
        tokenSet: true,
      });
      // The token went to the parent's vault (sealed by the parent's keychain, asked synchronously
      // from the far side), and it is never in what the renderer reads.
      expect(JSON.stringify(await call('session.status'))).not.toContain(seller.token);
    },
  );

  it('fails a call in flight with "unavailable" when the worker ends, restarts it and reopens the session', async () => {
    let opened: (() => void) | null = null;
    const asked = new Promise<void>((resolve) => (opened = resolve));
    world = await openCoreWorld(join(dir, 'data'), sandbox.baseUrl, {
      ports: {
        // The parent never answers: the core's call stays in flight until its worker ends.
        openExternal: () => {
          opened?.();
          return new Promise(() => {});
        },
      },
    });
    await world.core.start();
    const { call } = coreCalls(() => world!.core);
    await call('session.connect', { token: sandbox.sellers[0]!.token });
    const inFlight = failureOf(
      world.core.handlers['shell.openExternal']({ url: 'https://example.com/' }),
    );
    await asked;
    await world.workers[0]!.kill();
    const error = await inFlight;
    expect(error).toBeInstanceOf(AppFailure);
    expect((error as AppFailure).kind).toBe('unavailable');
    expect((error as AppFailure).message).toBe(translate('en', 'worker.unavailable'));

    await until(() => world!.restarts.length === 1);
    await world.core.settled();
    expect(world.restarts).toEqual([{ gaveUp: false }]);
    expect(world.workers).toHaveLength(2);
    // The session reopened as at launch: the seller's profile, connected.
    expect(await call('session.status')).toMatchObject({ mode: 'marketplace', tokenSet: true });
  });

  it('stops restarting after too many crashes in a minute and says so on every call', async () => {
    world = await openCoreWorld(join(dir, 'data'), sandbox.baseUrl, { maxRestarts: 1 });
    await world.core.start();
    await world.workers[0]!.kill();
    await until(() => world!.restarts.length === 1);
    await world.core.settled();
    await world.workers[1]!.kill();
    await until(() => world!.restarts.length === 2);
    expect(world.restarts).toEqual([{ gaveUp: false }, { gaveUp: true }]);
    const error = await failureOf(world.core.handlers['session.status'](undefined));
    expect((error as AppFailure).kind).toBe('unavailable');
    expect((error as AppFailure).message).toBe(translate('en', 'worker.stopped'));
    expect(world.workers).toHaveLength(2);
  });
});
