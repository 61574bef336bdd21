// The command line's words about a refused field: the real binary against the sandbox. A new
// offer whose realm the marketplace no longer has is refused on push; the push report and
// `offers show` name the field by the label the app's form shows ("Realm"), never by the API's
// path (`offers.0.data.101`) or a request line, and the refused fields of an edit by their labels.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileFile } from '../../electron/core/usecases/paths';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { internalWordsIn } from '../e2e/internalWords';
import { queueOfferRefusedOn } from '../queuedRefusal';
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

describe('the command line names refused fields by their labels', { timeout: 60_000 }, () => {
  it('in the push report and in offers show', async () => {
    expect((await runSellerDesk(['pull', '--quiet'], cli)).code).toBe(0);
    // A realm the marketplace lacks, as if the catalogue had changed since the offer was checked.
    const localId = queueOfferRefusedOn(profileFile(cli.dataDir, cli.baseUrl), {
      'data.101': 'Atlantis',
    });

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
