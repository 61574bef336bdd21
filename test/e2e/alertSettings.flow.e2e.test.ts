// Settings' alerts and "when the window is closed" in Chromium through the browser host, on the
// real core against the sandbox: a Telegram channel (a stand-in Bot API on loopback) and a signed
// webhook (a receiver on loopback checking the signature) added in the form, "Send a test alert"
// reaching both, the secrets never shown back, "keep running" and "start at login" kept; the tray
// the desktop app would show recorded by the host. Screenshots at 1280 and 1024, light and dark,
// English and Russian.
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import type { HostAppCore } from '../../electron/host/hostCore';
import { startBotApi, startWebhookReceiver } from '../cli/alertReceivers';
import { connectWithToken, openHarness, type Harness } from './harness';
import { shots } from './flowSteps';
import { internalWordsIn } from './internalWords';

const BOT_TOKEN = '123456789:AAbotTOKENsecret_abcdefghijklmnop';
const SECRET = 'whsec-0123456789abcdef-SECRET';

/** The background and alerts cards, at both widths, light and dark. */
const shoot = (desk: Harness, language: string) =>
  shots(desk, language, {
    height: 1000,
    shoot: async (shot) => {
      await desk.page.locator('[data-testid="settings-background"]').scrollIntoViewIfNeeded();
      return desk.screenshot(shot);
    },
  });

describe('alert settings in Chromium', () => {
  it('adds Telegram and a webhook, sends a test alert to both, and keeps running when closed', async () => {
    const bot = await startBotApi();
    const webhook = await startWebhookReceiver(SECRET);
    const desk = await openHarness({ on: 'browser host', name: 'flow-alerts' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page } = desk;
      await page.emulateMedia({ colorScheme: 'light' });
      await connectWithToken(page, desk.sandbox.sellers[0]!.token);
      await page.keyboard.press('Control+Comma');
      await expect.poll(() => page.textContent('section.settings h1')).toBe('Settings');
      await expect.poll(() => page.isVisible('[data-testid="alerts-none"]')).toBe(true);

      // A bot token that is not one: said, nothing added.
      await page.fill('[data-testid="telegram-chat"]', '-1001234567890');
      await page.fill('[data-testid="telegram-token"]', 'not a token');
      await page.getByRole('button', { name: 'Add Telegram' }).click();
      // Said under the Telegram form, where it is corrected, and gone once a channel is added.
      await expect
        .poll(() => page.textContent('[data-testid="telegram-refused"]'))
        .toContain('A bot token looks like');

      await page.fill('[data-testid="telegram-token"]', BOT_TOKEN);
      await page.fill('[data-testid="telegram-api-base"]', bot.apiBase);
      await page.getByRole('button', { name: 'Add Telegram' }).click();
      await page.fill('[data-testid="webhook-url"]', webhook.url);
      await page.fill('[data-testid="webhook-secret"]', SECRET);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await expect.poll(() => page.locator('[data-testid="alert-channels"] li').count()).toBe(2);
      expect(await page.locator('[data-testid="telegram-refused"]').count()).toBe(0);

      await page.click('[data-testid="alerts-test"]');
      await expect.poll(() => bot.hits.length).toBe(1);
      await expect.poll(() => webhook.hits.length).toBe(1);
      expect(bot.hits[0]).toMatchObject({ token: BOT_TOKEN, chatId: '-1001234567890' });
      expect(webhook.hits[0]).toMatchObject({ signatureOk: true, status: 200 });
      expect(webhook.hits[0]!.json).toMatchObject({ event: 'test', language: 'en' });
      // Each channel says its own outcome beside it.
      await expect
        .poll(() => page.locator('[data-testid="alert-tested"]').allTextContents())
        .toEqual(['Test alert delivered.', 'Test alert delivered.']);

      // Keep running and start at login.
      await page.click('[data-testid="keep-running"]');
      await page.click('[data-testid="start-at-login"]');
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const api = (
              globalThis as unknown as {
                sellerDesk: SellerDeskApi;
              }
            ).sellerDesk;
            const r = await api.app.preferences();
            return r.ok ? [r.value.keepRunning, r.value.startAtLogin] : null;
          }),
        )
        .toEqual([true, true]);

      // The secrets never come back to the window.
      const text = (await page.locator('section.settings').textContent()) ?? '';
      const html = await page.content();
      for (const secret of [BOT_TOKEN, SECRET]) {
        expect(html).not.toContain(secret);
      }
      expect(internalWordsIn(text)).toEqual([]);
      // The tray the desktop app shows: online once synced.
      const core = desk.core as HostAppCore;
      await expect.poll(() => core.trayViews.at(-1)?.state).toBe('online');
      await shoot(desk, 'en');

      // Russian, and a test alert in Russian.
      await page.locator('label:has([data-testid="language-ru"])').click();
      await expect.poll(() => page.textContent('section.settings')).toContain('Оповещения');
      await page.click('[data-testid="alerts-test"]');
      await expect.poll(() => bot.hits.length).toBe(2);
      expect(bot.hits[1]!.text).toMatch(/этот канал работает/);
      await expect
        .poll(() => page.locator('[data-testid="alert-tested"]').first().textContent())
        .toContain('Проверочное оповещение доставлено.');
      await expect.poll(() => core.trayViews.at(-1)?.items[0]?.label).toBe('Открыть Seller Desk');
      await shoot(desk, 'ru');
    } finally {
      await desk.close();
      await bot.close();
      await webhook.close();
    }
  });
});
