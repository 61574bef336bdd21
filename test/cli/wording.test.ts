// The command line's words about a refused field: the real binary against the sandbox. A new
// offer whose realm the marketplace no longer has is refused on push; the push report and
// `offers show` name the field by the label the app's form shows ("Realm"), never by the API's
// path (`offers.0.data.101`) or a request line, and the refused fields of an edit by their labels.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/core/store';
import { testDatabase } from '../../electron/core/store/testing';
import { profileFile } from '../../electron/core/usecases/paths';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { internalWordsIn } from '../e2e/internalWords';
import { runSellerDesk, tempDir, WINDOW_MS, type CliTarget } from './harness';

let sandbox: Sandbox;
let dir: ReturnType<typeof tempDir>;
let cli: CliTarget;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: WINDOW_MS, seed: 'demo' });
  dir = tempDir('sd-cli-wording-');
  cli = { baseUrl: sandbox.baseUrl, dataDir: dir.path, token: sandbox.sellers[0]!.token };
});

afterEach(async () => {
  await sandbox.close();
  dir.remove();
});

/** A new gold offer, queued valid, whose realm is then changed to one the marketplace lacks. */
function queueRefusedOffer(): number {
  const store = openStore(profileFile(cli.dataDir, cli.baseUrl));
  try {
    const localId = store.createOffer({
      productId: 1,
      guaranteeDeliveryTime: 3_600_000,
      fields: {
        price_per_step: 0.0444,
        amount: 1000,
        min_purchase_amount: 1,
        data: { '101': 'Ashbringer', '102': 'Horde' },
      },
    });
    // As if the catalogue had changed since the offer was checked: the rules would refuse it now.
    const db = testDatabase(store);
    const { mine } = db
      .prepare<{ mine: string }>('SELECT mine FROM local_changes WHERE local_id = ?')
      .get(localId)!;
    db.prepare('UPDATE local_changes SET mine = ? WHERE local_id = ?').run(
      JSON.stringify({ ...JSON.parse(mine), 'data.101': 'Atlantis' }),
      localId,
    );
    return localId;
  } finally {
    store.close();
  }
}

describe('the command line names refused fields by their labels', { timeout: 60_000 }, () => {
  it('in the push report and in offers show', async () => {
    expect((await runSellerDesk(['pull', '--quiet'], cli)).code).toBe(0);
    const localId = queueRefusedOffer();

    const push = await runSellerDesk(['push'], cli);
    expect(push.code).toBe(3); // done, an offer needs the seller
    expect(push.stdout).toMatch(/Offers to look at:/);
    expect(push.stdout).toMatch(/^\s+Realm: /m);
    // The command line names offers by the ids its users pass (1005, L11): those stay.
    expect(internalWordsIn((push.stdout + push.stderr).replace(/\bL\d+\b/g, 'ID'))).toEqual([]);

    const show = await runSellerDesk(['offers', 'show', `L${localId}`], cli);
    expect(show.stdout).toMatch(/^\s+Realm:\s+not one of its options$/m);
    expect(show.stdout).not.toMatch(/data\.101\s+The/);
    expect(show.stdout).not.toMatch(/\b(?:GET|POST) \/\S+/);
  });
});
