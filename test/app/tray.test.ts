// The tray's logic through its port (core/app/tray.ts, the TrayPort main draws and the browser
// host records), fed by a real app core's events against the sandbox: online after a sync,
// attention with the count when offers need the seller, attention when the token is refused, its
// words in Russian after the language changes, and its menu's commands: Sync now runs a sync, Open
// and Quit reach main's actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app';
import { followTray, runTrayCommand, type TrayView } from '../../electron/core/app/tray';
import { onlyProfileFile, queueOfferRefusedOn } from '../queuedRefusal';
import { coreCalls, startConnectedCore, type ConnectedCore } from './coreHarness';

let world: ConnectedCore;
let core: AppCore;
const views: TrayView[] = [];
const { call, syncNow } = coreCalls(() => core);

beforeAll(async () => {
  world = await startConnectedCore('tray', { syncDebounceMs: 3_600_000 }, (started) => {
    followTray(started, { show: (view) => void views.push(view) }, 'en');
  });
  core = world.core;
  await syncNow();
});
afterAll(() => world.close());

describe('tray', { timeout: 60_000 }, () => {
  it('shows online, attention with its count, a refused token, Russian words, and runs its menu', async () => {
    // Not connected until the first status; then online after a clean sync.
    expect(views[0]).toMatchObject({ state: 'attention' });
    await expect.poll(() => views.at(-1)?.state).toBe('online');
    expect(views.at(-1)).toEqual({
      state: 'online',
      tooltip: 'Seller Desk: online',
      items: [
        { command: 'open', label: 'Open Seller Desk' },
        { command: 'syncNow', label: 'Sync Now' },
        { command: 'quit', label: 'Quit Seller Desk' },
      ],
    });

    // An offer the marketplace refuses needs the seller: attention, counted.
    const { sandbox } = world;
    const localId = queueOfferRefusedOn(onlyProfileFile(world.dataDir), { price_per_step: -5 });
    // The tray's own Sync now: the core syncs and the refusal comes back as attention.
    let actions = { open: 0, quit: 0 };
    const trayActions = {
      open: () => void actions.open++,
      quit: () => void actions.quit++,
      syncNow: () => void call('sync.now'),
    };
    runTrayCommand('syncNow', trayActions);
    await expect.poll(() => views.at(-1)?.state, { timeout: 20_000 }).toBe('attention');
    expect(views.at(-1)!.tooltip).toBe('Seller Desk: 1 offer needs you');
    runTrayCommand('open', trayActions);
    runTrayCommand('quit', trayActions);
    expect(actions).toEqual({ open: 1, quit: 1 });
    actions = { open: 0, quit: 0 };

    // Russian.
    await call('app.setLanguage', { choice: 'ru' });
    await expect
      .poll(() => views.at(-1)?.items.map((i) => i.label))
      .toEqual(['Открыть Seller Desk', 'Синхронизировать', 'Выйти из Seller Desk']);
    expect(views.at(-1)!.tooltip).toBe('Seller Desk: 1 предложение ждёт вас');

    // The token refused: attention, whatever the count.
    await call('offers.discardLocal', { localIds: [localId] });
    sandbox.control.regenerateToken(sandbox.sellers[0]!.id);
    await syncNow();
    await expect.poll(() => views.at(-1)?.state).toBe('attention');
    expect(views.at(-1)!.tooltip).toMatch(/Seller Desk: .*токен/i);
  });
});
