// Alerts from `seller-desk watch` (the real binary, a child process) against the sandbox at a
// scaled minute, to a webhook receiver and a stand-in Telegram Bot API on loopback: channels are
// added from owner-only secret files (a shared one is refused), listed without their secrets and
// tested; a sale is told on both, in the profile's language (Russian here), named by the offer's
// name and id with its units; the webhook's first try answers 500 and the alert comes again once,
// never twice; every webhook request's signature checks; a refused token is said on both channels
// in the round that met it; SIGTERM tells both that the watcher stopped; and no secret (API token,
// bot token, webhook secret, a login or password) appears in any alert or line printed.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotApi, startWebhookReceiver } from './alertReceivers';
import { jsonOf, runSellerDesk, succeeds, useCliWorld } from './harness';
import { pooledOffer, startWatcher, type Watcher } from './watchHarness';

const world = useCliWorld('sd-cli-alerts-');

const BOT_TOKEN = '123456789:AAbotTOKENsecret_abcdefghijklmnop';
const WEBHOOK_SECRET = 'whsec-0123456789abcdef-SECRET';

let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let bot: Awaited<ReturnType<typeof startBotApi>>;
let tokenFile: string;
let watcher: Watcher | null = null;

function ownerOnly(name: string, content: string): string {
  const file = join(world.dir.path, name);
  writeFileSync(file, content);
  chmodSync(file, 0o600);
  return file;
}

beforeAll(async () => {
  webhook = await startWebhookReceiver(WEBHOOK_SECRET);
  bot = await startBotApi();
  tokenFile = ownerOnly('token', world.sandbox.sellers[2]!.token);
});
afterAll(async () => {
  await watcher?.stop('SIGKILL');
  await Promise.all([webhook.close(), bot.close()]);
});

const ok = (args: string[]) => succeeds(args, world.target);

describe('seller-desk watch with alerts', { timeout: 240_000 }, () => {
  it('tells a sale, a refused token and its own stop on Telegram and a signed webhook, retrying once after a 500, with no secret in any alert', async () => {
    const serverId = await pooledOffer(world.target, world.dir);
    const oldToken = world.sandbox.sellers[2]!.token;

    // A secret file others can read is refused, and nothing is added.
    const shared = join(world.dir.path, 'shared-bot-token');
    writeFileSync(shared, BOT_TOKEN);
    chmodSync(shared, 0o644);
    const refused = await runSellerDesk(
      ['alerts', 'add', 'telegram', '--chat-id', '-1001234567890', '--bot-token-file', shared],
      world.target,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/readable by group or others/);

    const telegram = jsonOf<{ result: { channel: { id: number; kind: string; target: string } } }>(
      await ok([
        'alerts',
        'add',
        'telegram',
        '--chat-id',
        '-1001234567890',
        '--bot-token-file',
        ownerOnly('bot-token', BOT_TOKEN),
        '--api-base',
        bot.apiBase,
        '--language',
        'ru',
        '--json',
      ]),
    ).result.channel;
    expect(telegram).toMatchObject({ kind: 'telegram', target: '-1001234567890' });
    await ok([
      'alerts',
      'add',
      'webhook',
      webhook.url,
      '--secret-file',
      ownerOnly('secret', WEBHOOK_SECRET),
    ]);
    const listed = await ok(['alerts', 'list', '--json']);
    expect(
      jsonOf<{ result: { channels: unknown[]; language: string } }>(listed).result,
    ).toMatchObject({
      channels: [
        { id: telegram.id, kind: 'telegram', apiBase: bot.apiBase },
        { kind: 'webhook', target: webhook.url },
      ],
      language: 'ru',
    });
    expect((await ok(['alerts', 'list'])).stdout).toMatch(/telegram\s+-1001234567890 via http/);

    // A test alert reaches both, now.
    const tested = jsonOf<{ result: { channels: { sent: boolean }[] } }>(
      await ok(['alerts', 'test', '--json']),
    ).result;
    expect(tested.channels.map((c) => c.sent)).toEqual([true, true]);
    expect(bot.hits).toEqual([
      {
        token: BOT_TOKEN,
        chatId: '-1001234567890',
        text: expect.stringMatching(/этот канал работает/),
      },
    ]);
    expect(webhook.hits.map((h) => [h.json.event, h.json.language, h.status])).toEqual([
      ['test', 'ru', 200],
    ]);

    // The webhook's first try of a sale answers 500.
    webhook.failFirst.add('sale');
    watcher = startWatcher(world.target, ['--every', '30s', '--token-file', tokenFile]);
    await watcher.waitFor((l) => l.event === 'round' && l.state === 'online');
    expect(world.sandbox.control.simulateBuyers(serverId, 1)).toBe(1);
    await expect
      .poll(() => webhook.hits.filter((h) => h.json.event === 'sale' && h.status === 200).length, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(1);
    const sales = webhook.hits.filter((h) => h.json.event === 'sale');
    expect(sales.map((h) => h.status)).toEqual([500, 200]);
    expect(sales[0]!.body).toBe(sales[1]!.body); // the same alert again, not a new one
    expect(sales[1]!.json).toMatchObject({
      offer: { id: serverId, name: 'Watched offer' },
      units: 1,
      revenue: 25,
      language: 'ru',
    });
    await expect
      .poll(() => bot.hits.filter((h) => /продана 1 единица/.test(h.text)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const saleText = bot.hits.find((h) => /продана/.test(h.text))!.text;
    expect(saleText).toContain(`Watched offer (предложение ${serverId})`);
    // The pool tops the offer up again with no other command.
    await expect
      .poll(
        () =>
          world.sandbox.control
            .credentials(serverId)
            .map((c) => c.login)
            .sort(),
        {
          timeout: 30_000,
        },
      )
      .toEqual(['first-1', 'first-2', 'pool-1']);

    // The token is refused: said on both channels by the round that met it.
    let from = watcher.lines.length;
    const fresh = world.sandbox.control.regenerateToken(3);
    const refusedRound = await watcher.waitFor((l) => l.state === 'token_refused', 30_000, from);
    expect(refusedRound.alerts).toMatchObject({ sent: 2 });
    expect(webhook.hits.filter((h) => h.json.event === 'token_refused')).toHaveLength(1);
    expect(bot.hits.filter((h) => /API-токен/.test(h.text))).toHaveLength(1);
    writeFileSync(tokenFile, fresh);
    from = watcher.lines.length;
    await watcher.waitFor((l) => l.state === 'online', 30_000, from);

    // Stopped: both hear it.
    expect(await watcher.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(webhook.hits.filter((h) => h.json.event === 'stopping')).toHaveLength(1);
    expect(bot.hits.filter((h) => /Наблюдатель/.test(h.text))).toHaveLength(1);

    // Every signature checked; no event delivered twice to the webhook.
    expect(webhook.hits.every((h) => h.signatureOk)).toBe(true);
    const delivered = webhook.hits.filter((h) => h.status === 200).map((h) => h.json.key);
    expect(new Set(delivered).size).toBe(delivered.length);

    // No secret anywhere an alert or the watcher wrote.
    const everything = [
      ...webhook.hits.map((h) => h.body),
      ...bot.hits.map((h) => h.text),
      ...watcher.lines.map((l) => JSON.stringify(l)),
      watcher.stderr(),
      listed.stdout,
    ].join('\n');
    for (const secret of [
      BOT_TOKEN,
      WEBHOOK_SECRET,
      oldToken,
      fresh,
      'pw1',
      'pw2',
      'Pass-a',
      'Pass-b',
      'first-1',
      'pool-1',
    ]) {
      expect(everything).not.toContain(secret);
    }
    // The list says what each channel did; still no secret.
    const after = jsonOf<{ result: { channels: { sent: number; failed: number }[] } }>(
      await ok(['alerts', 'list', '--json']),
    ).result.channels;
    expect(after[1]).toMatchObject({ failed: 0 });
    expect(after[1]!.sent).toBeGreaterThanOrEqual(4);
  });
});
