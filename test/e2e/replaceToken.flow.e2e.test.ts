// "Replace token" in Chromium through the browser host: a seller whose shop has no offers queues
// an account offer with a credential, revokes the token in the dashboard and pastes the new one
// in the account switcher. Nothing on the marketplace can say whose it is, so the dialog asks,
// saying what Seller Desk knows and cannot know; cancelled, nothing changes. Another seller's
// token is refused without a question. Settings' "Replace the token" asks the same (in Russian);
// confirmed, the profile takes the token and its queue goes out with it. Screenshots of the question at 1280 and 1024, light and
// dark, in both languages.
import { Readable } from 'node:stream';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SellerDeskApi } from '../../electron/contract/ipc';
import { accountFields } from '../sync/harness';
import { coreCall, shots, syncAndWait, syncIdle } from './flowSteps';
import { connectWithToken, openHarness } from './harness';
import { internalWordsIn } from './internalWords';

type Api = { sellerDesk: SellerDeskApi };

const switcher = (page: Page) => page.locator('[data-testid="profile-switcher"]');
const rowOf = (page: Page, name: string) =>
  page.locator(`[data-testid="profile-row"][data-profile="${name}"]`);
const setLanguage = (page: Page, choice: 'ru' | 'en') =>
  page.evaluate(
    (c) => (globalThis as unknown as Api).sellerDesk.app.setLanguage({ choice: c }),
    choice,
  );
const rowState = (page: Page, name: string) =>
  rowOf(page, name).locator('.sub').first().textContent();

describe('Replace token in Chromium', () => {
  it(
    'asks before taking a token nothing can confirm (English and Russian), refuses another seller’s, then sends the queue',
    { timeout: 180_000 },
    async () => {
      const desk = await openHarness({ name: 'flow-replace-token' });
      desk.page.setDefaultTimeout(20_000);
      try {
        const { page, sandbox } = desk;
        const [seller1, seller3] = [sandbox.sellers[0]!, sandbox.sellers[2]!]; // seller 3: no offers
        await connectWithToken(page, seller3.token);
        await expect.poll(() => syncIdle(page)).toBe(true);
        const name = (await page.locator('[data-testid="active-profile"]').textContent())!;

        // A queue made while the shop has no offers: an account offer and one credential.
        await coreCall(desk, 'settings.setSending', { sendAutomatically: false });
        const { localId } = await coreCall(desk, 'offers.save', {
          productId: 10,
          fields: accountFields('Stranded smurf'),
          deliveryTimeMs: 600_000,
        });
        const file = await desk.staging.stage('one.txt', Readable.from(['smurf-a:Pass-1\n']));
        const preview = await coreCall(desk, 'credentials.preview', { localId, file });
        if (preview.state !== 'ready') throw new Error(preview.state);
        await coreCall(desk, 'credentials.commit', { previewId: preview.previewId, mode: 'add' });

        // The seller revokes the token in the dashboard: the next sync is refused.
        const fresh = sandbox.control.regenerateToken(seller3.id);
        await syncAndWait(page);
        await switcher(page).locator('button.current').click();
        await expect
          .poll(() => rowOf(page, name).locator('[data-testid="profile-replace-token"]').count())
          .toBe(1);
        await rowOf(page, name).locator('[data-testid="profile-replace-token"]').click();

        // Another seller's token: refused, no question asked.
        await page.fill('#replace-token', seller1.token);
        await switcher(page).getByRole('button', { name: 'Replace token', exact: true }).click();
        await expect
          .poll(() => switcher(page).locator('[role="alert"]').textContent())
          .toContain(`This API token belongs to seller ${seller1.id}, who has no profile here yet`);
        expect(await switcher(page).locator('[role="alert"]').textContent()).not.toContain(
          'did not accept',
        );
        expect(await page.locator('dialog').count()).toBe(0);
        await shots(desk, 'replace-token-other-seller');

        // The new token: the question, in English.
        await page.fill('#replace-token', fresh);
        await switcher(page).getByRole('button', { name: 'Replace token', exact: true }).click();
        const question = page.locator(`dialog[aria-label="Take this token for ${name}?"]`);
        await expect
          .poll(() => question.textContent())
          .toContain(
            `Seller Desk cannot confirm that this API token belongs to the seller of "${name}".`,
          );
        const english = (await question.textContent())!;
        expect(english).toContain('It knows that the marketplace accepts the token');
        expect(english).toContain('It cannot know whether the token is the same shop');
        expect(english).toMatch(/the \d+ changes? waiting in this profile/);
        expect(internalWordsIn(english)).toEqual([]);
        expect(english).not.toContain(fresh);
        await shots(desk, 'replace-token-question');
        await question.getByRole('button', { name: 'Cancel' }).click();
        await expect.poll(() => question.count()).toBe(0);
        expect(await rowState(page, name)).toContain('Token refused');

        // Settings' "Replace the token" asks the same, here in Russian; confirmed, the profile
        // takes the token.
        await setLanguage(page, 'ru');
        await page.click('nav button:has-text("Настройки")');
        const card = page.locator('.card', { has: page.locator('#settings-replace-token') });
        await expect
          .poll(() => card.textContent())
          .toContain(`Маркетплейс отклонил токен профиля «${name}»`);
        await shots(desk, 'replace-token-settings-ru');
        await page.fill('#settings-replace-token', fresh);
        await card.getByRole('button', { name: 'Заменить токен', exact: true }).click();
        const вопрос = page.locator(`dialog[aria-label="Принять этот токен для ${name}?"]`);
        await expect
          .poll(() => вопрос.textContent())
          .toContain(
            `Seller Desk не может подтвердить, что этот API-токен принадлежит продавцу профиля «${name}»`,
          );
        expect(await вопрос.textContent()).toContain('Неизвестно: тот же ли это магазин');
        expect(internalWordsIn((await вопрос.textContent())!)).toEqual([]);
        await shots(desk, 'replace-token-question-ru');
        await вопрос.getByRole('button', { name: 'Принять токен' }).click();
        await expect.poll(() => вопрос.count()).toBe(0);
        await expect
          .poll(() => page.locator('.notices .notice').allTextContents())
          .toContainEqual(expect.stringContaining(`«${name}» работает с новым токеном`));
        await expect.poll(() => page.locator('#settings-replace-token').count()).toBe(0);
        await setLanguage(page, 'en');

        // The queue goes out under the new token.
        await syncAndWait(page);
        await expect
          .poll(() => sandbox.control.offers(seller3.id).map((o) => o.outer_name))
          .toEqual(['Stranded smurf']);
        const sent = sandbox.control.offers(seller3.id)[0]!;
        expect(sandbox.control.credentials(sent.id).map((c) => c.login)).toEqual(['smurf-a']);
        // The list is still open from the switcher's question.
        expect(await switcher(page).locator('button.current').getAttribute('aria-expanded')).toBe(
          'true',
        );
        await expect.poll(() => rowState(page, name)).not.toContain('Token refused');
        expect(desk.console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
      } finally {
        await desk.close();
      }
    },
  );
});
