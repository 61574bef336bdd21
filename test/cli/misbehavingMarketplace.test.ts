// The real `bin/seller-desk.mjs` against a marketplace that answers, but not sensibly (429 after
// 429 asking for a year, pages that are not the API's), and with a token that cannot be sent:
// each ends with the exit code a script acts on and a message that says what happened.
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../electron/cli/exitCodes';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { jsonOf, runInProcess, runSellerDesk, tempDir, WINDOW_MS, type CliTarget } from './harness';

const dir = tempDir('sd-cli-misbehaving-');
let sandbox: Sandbox;
let runs = 0;
const target = (token = sandbox.sellers[0]!.token): CliTarget => ({
  baseUrl: sandbox.baseUrl,
  dataDir: join(dir.path, `data-${runs++}`),
  token,
});

beforeAll(async () => {
  sandbox = await startSandbox({ windowMs: WINDOW_MS });
});
beforeEach(() => sandbox.resetFaults());
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

interface Failure {
  ok: false;
  exitCode: number;
  error: { kind: string; message: string };
}

// Child processes on a busy machine: generous limits.
describe('seller-desk against a misbehaving marketplace', { timeout: 120_000 }, () => {
  it('pull exits 5 when every answer is a 429 asking for a year, waits only the bound, and says so', async () => {
    const where = target();
    sandbox.setFaults({ tooManyRequests: Infinity, retryAfter: String(365 * 24 * 3600) });
    const before = sandbox.requests.length;
    const started = Date.now();
    const run = await runSellerDesk(['pull'], where);
    const tookMs = Date.now() - started;

    expect(run.code, run.stderr).toBe(ExitCode.Unreachable);
    expect(run.stderr).toMatch(
      // The first request of a new profile asks who the token belongs to (my_offers).
      /The marketplace kept answering "too many requests" \(429\) after every retry \(GET \/api\/shop\/marketplace\/(products\/list|offers\/my_offers)/,
    );
    // Told once, not once per 429, and never "a year" of waiting.
    const told =
      'The marketplace asked us to pause for 1 year; Seller Desk waits at most 5 s and then tries again.';
    expect(run.stderr.split(told)).toHaveLength(2);
    // The client's 3 attempts, each after the bounded pause of the one before.
    expect(sandbox.requests.length - before).toBe(3);
    expect(tookMs).toBeLessThan(3 * 5 * WINDOW_MS + 10_000);

    // The ledger every process shares holds a bounded wait, not 3.15e10 ms.
    const status = jsonOf<{ result: { rateBudget: { nextRoomInMs: number } } }>(
      await runInProcess(['status', '--json'], where),
    );
    expect(status.result.rateBudget.nextRoomInMs).toBeGreaterThan(0);
    expect(status.result.rateBudget.nextRoomInMs).toBeLessThanOrEqual(5 * WINDOW_MS);
  });

  it('pull exits 5 when the marketplace answers something that is not the API (--json)', async () => {
    sandbox.setFaults({ malformedAnswers: Infinity });
    const run = await runSellerDesk(['pull', '--json'], target());
    expect(run.code, run.stderr).toBe(ExitCode.Unreachable);
    const doc = jsonOf<Failure>(run);
    expect(doc).toMatchObject({ ok: false, exitCode: 5, error: { kind: 'unreachable' } });
    expect(doc.error.message).toMatch(
      /^The marketplace answered something that is not the Seller API \(malformed answer\)/,
    );
    expect(doc.error.message).toMatch(/the body is not JSON/);
  });

  it('a token with a control character exits 4, says it is malformed, sends nothing and never prints it', async () => {
    const good = sandbox.sellers[0]!.token;
    const malformed = `${good}\u0007tail-9f3c`;
    const before = sandbox.requests.length;
    const human = await runSellerDesk(['pull'], target(malformed));
    expect(human.code, human.stderr).toBe(ExitCode.Unauthorized);
    expect(human.stderr).toMatch(
      /^seller-desk: The API token is malformed: it contains a control character \(in SELLER_DESK_TOKEN\)/,
    );
    const json = await runSellerDesk(['push', '--json'], target(malformed));
    expect(json.code).toBe(ExitCode.Unauthorized);
    expect(jsonOf<Failure>(json).error).toMatchObject({
      kind: 'unauthorized',
      message: expect.stringMatching(
        /^The API token is malformed: it contains a control character/,
      ),
    });
    for (const output of [human.stdout, human.stderr, json.stdout, json.stderr]) {
      expect(output).not.toContain(good);
      expect(output).not.toContain('tail-9f3c');
    }
    expect(sandbox.requests.length).toBe(before);
  });
});
