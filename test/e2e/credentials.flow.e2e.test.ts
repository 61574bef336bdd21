// An account file dropped on an account offer, in the real renderer through the browser host:
// the preview shows a bad row and a duplicate (masked, never a password), Add queues the good
// rows, sync uploads them, and the sandbox holds exactly the good, non-duplicate accounts. The
// same file again shows them as already on the offer; a transferred offer's refusal comes back
// to the panel in plain words.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../electron/contract/marketplace/wire';
import type { Harness } from './harness';
import { localIdOf, openHarness, SCREENS_DIR } from './harness';
import { accountOfferWithCredentials } from './flowSteps';
import { windows1251 } from '../imports/encodings';

let desk: Harness;
let offer: Offer;
const tag = `e2e${Date.now().toString(36)}`;
const login = (name: string) => `${tag}_${name}`;

/** What the page's globals look like to this Node-side file (no DOM library here). */
type PageGlobals = {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: (string | Uint8Array)[], name: string, options: { type: string }) => unknown;
};

/** Drops a file of text (written as UTF-8) or of exact bytes on the panel's drop zone. */
async function dropFile(page: Page, name: string, content: string | Buffer) {
  const text = typeof content === 'string' ? content : null;
  const bytes = typeof content === 'string' ? null : [...content];
  const transfer = await page.evaluateHandle(
    ({ name, text, bytes }) => {
      const g = globalThis as unknown as PageGlobals;
      const dt = new g.DataTransfer();
      dt.items.add(new g.File([text ?? new Uint8Array(bytes!)], name, { type: 'text/plain' }));
      return dt;
    },
    { name, text, bytes },
  );
  const zone = page.locator('[data-testid="credentials-panel"] .zone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

const counts = (page: Page, which: 'queued' | 'uploaded') =>
  page.locator(`[data-testid="credential-counts"] [data-count="${which}"]`).textContent();

/** The panel itself (the editor scrolls inside its dialog, so a page shot would miss it). */
async function shootPanel(page: Page, name: string) {
  const panel = page.locator('[data-testid="credentials-panel"]');
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: join(SCREENS_DIR, `credentials-${name}.png`) });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  desk = await openHarness({ name: 'credentials', viewport: { width: 1280, height: 900 } });
  const { page, sandbox } = desk;
  // A missing element fails with its locator well before the test's own timeout. Each preview
  // is read in a worker the core's own thread starts: on a busy 2-core machine that alone took
  // more than 8 s.
  page.setDefaultTimeout(20_000);
  await page.click('button:has-text("Try the sandbox marketplace")');
  await page.waitForSelector('[data-testid="offers-grid"]');
  offer = accountOfferWithCredentials(sandbox);
}, 60_000);

afterAll(async () => {
  await desk?.close();
});

async function openEditor(page: Page) {
  const localId = await localIdOf(page, offer.id);
  await page.fill('input[aria-label="Search offers"], .filters input.input', offer.outer_name);
  await page.locator(`[data-local-id="${localId}"]`).dblclick();
  await page.waitForSelector('[data-testid="credentials-panel"]');
}

describe('credentials from a file, in Chromium', { timeout: 120_000 }, () => {
  it('previews a bad row and a duplicate, adds the rest, and the sandbox holds exactly those', async () => {
    const { page, sandbox } = desk;
    const before = sandbox.control.credentials(offer.id).map((c) => c.login);
    await openEditor(page);

    const file = [
      '# accounts bought on Monday',
      `${login('alpha')}:Pa55:alpha@mail.test:mailpw`,
      `${login('beta')}:Secret-beta`,
      ':password-without-login',
      `${login('gamma')}:pw3:gamma@mail.test`,
      `${login('alpha')}:another-password`,
      `${login('delta')}:pw4`,
      '',
    ].join('\r\n');
    await dropFile(page, 'accounts.txt', file);

    const preview = page.locator('[data-testid="credential-preview"]');
    await preview.waitFor();
    expect(await page.locator('[data-testid="credential-totals"]').textContent()).toBe(
      '6 rows: 3 accounts to send, 2 rows with problems, 1 duplicate inside the file.',
    );
    const problemRows = preview.locator('tr.problem');
    expect(await problemRows.count()).toBe(2);
    expect(await problemRows.nth(0).getAttribute('data-line')).toBe('4');
    const duplicate = preview.locator('tr.duplicate');
    expect(await duplicate.count()).toBe(1);
    expect(await duplicate.getAttribute('data-line')).toBe('6');
    expect(await duplicate.textContent()).toContain('Duplicate in this file');
    // Masked in main: neither a password nor a whole login reaches the page.
    const shown = (await preview.textContent()) ?? '';
    for (const secret of ['Pa55', 'Secret-beta', 'another-password', login('alpha')]) {
      expect(shown).not.toContain(secret);
    }
    await shootPanel(page, 'preview');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootPanel(page, 'preview-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.click('[data-testid="credential-preview"] button:has-text("Add 3 accounts")');
    await expect
      .poll(() => page.locator('[data-testid="credential-outcome"]').textContent())
      .toBe('3 accounts queued for upload; 1 duplicate skipped; 2 rows not sendable (problems).');

    // Sync uploads them by itself (a change schedules a run).
    await expect
      .poll(
        () =>
          sandbox.control
            .credentials(offer.id)
            .map((c) => c.login)
            .filter((l) => !before.includes(l))
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual([login('alpha'), login('beta'), login('delta')].sort());
    await expect.poll(() => counts(page, 'uploaded'), { timeout: 10_000 }).toBe('3');
    expect(await counts(page, 'queued')).toBe('0');
    await shootPanel(page, 'uploaded');

    // Nothing of the file is left in clear in the data folder (store, logs, staged copies aside).
    const clear = filesUnder(desk.dataDir)
      .filter((path) => !path.includes('staged-files'))
      .filter((path) => readFileSync(path).includes('Secret-beta'));
    expect(clear).toEqual([]);
    expect(desk.console.join('\n')).not.toContain('Secret-beta');
  });

  it('shows the same accounts as already on the offer when the file comes again', async () => {
    const { page } = desk;
    await dropFile(
      page,
      'again.csv',
      `login,password\n${login('beta')},Secret-beta\n${login('epsilon')},pw5\n`,
    );
    await page.locator('[data-testid="credential-preview"]').waitFor();
    expect(await page.locator('[data-testid="credential-totals"]').textContent()).toBe(
      '2 rows: 1 account to send, 1 account already on this offer.',
    );
    expect(await page.locator('tr.duplicate').textContent()).toContain('Already on this offer');

    // The seller's encoding choice reads the file again, and the preview says which was used.
    await page.getByLabel('Encoding').selectOption('windows-1251');
    await expect
      .poll(() => page.locator('[data-testid="credential-preview"] .preview-head').textContent())
      .toContain('text encoding Windows-1251');
    expect(await page.locator('[data-testid="credential-totals"]').textContent()).toBe(
      '2 rows: 1 account to send, 1 account already on this offer.',
    );

    // Replace all says what it removes, and Cancel keeps everything.
    await page.click('button:has-text("Replace all…")');
    const confirm = page.locator('dialog[aria-label="Replace every credential on this offer?"]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(
      'Every credential now on this offer will be removed',
    );
    // A replace removes what the offer has, so the account already on it goes again: both rows.
    expect(await confirm.textContent()).toContain('replaced by the 2 accounts of this file');
    expect(await confirm.textContent()).toContain('Remove all and add 2');
    await desk.screenshot('replace-confirm');
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    await page.click('button:has-text("Discard preview")');
    await page.locator('[data-testid="credentials-panel"] .zone').waitFor();

    // A binary file gets a clear answer, not a frozen window or a table of garbage.
    await dropFile(page, 'photo.txt', 'PNG\u0000\u0000\u0001binary');
    const alert = page.locator('[data-testid="credentials-panel"] [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('binary file');
    expect(await page.locator('[data-testid="credential-preview"]').count()).toBe(0);
  });

  it('asks for the encoding it cannot tell, marks damaged lines, and says when a file has no accounts', async () => {
    const { page } = desk;
    const panel = page.locator('[data-testid="credentials-panel"]');
    // Cyrillic in capitals reads as well in windows-1251 as in KOI8-R: the seller is asked.
    await dropFile(page, 'capitals.txt', windows1251('ИВАН:ПАРОЛЬ-1\nПЕТЯ:СЕКРЕТ-2\n'));
    const choose = panel.locator('[data-testid="credential-choose-encoding"]');
    await choose.waitFor();
    expect(await choose.textContent()).toContain(
      "We could not tell this file's encoding — choose one",
    );
    expect(await panel.locator('[data-testid="credential-preview"]').count()).toBe(0);
    await shootPanel(page, 'choose-encoding');
    await choose.getByLabel('Encoding').selectOption('windows-1251');
    const preview = panel.locator('[data-testid="credential-preview"]');
    await preview.waitFor();
    expect(await preview.locator('.preview-head').textContent()).toContain(
      'text encoding Windows-1251',
    );
    expect(await panel.locator('[data-testid="credential-totals"]').textContent()).toBe(
      '2 rows: 2 accounts to send.',
    );
    await page.click('button:has-text("Discard preview")');

    // One damaged byte on line 2: that row is refused by its number, the others stay sendable.
    await dropFile(
      page,
      'damaged.txt',
      Buffer.concat([
        Buffer.from(`${login('eta')}:pw-7\n${login('th')}`),
        Buffer.of(0xff),
        Buffer.from(`eta:pw-8\n${login('iota')}:пароль-9\n`),
      ]),
    );
    await preview.waitFor();
    expect(await panel.locator('[data-testid="credential-totals"]').textContent()).toBe(
      '3 rows: 2 accounts to send, 1 row with problems.',
    );
    expect(await panel.locator('[data-testid="credential-damaged"]').textContent()).toContain(
      '1 row does not read as UTF-8 — the file may be damaged or mix encodings; it will not be sent.',
    );
    const broken = preview.locator('tr.problem');
    expect(await broken.getAttribute('data-line')).toBe('2');
    expect(await broken.textContent()).toContain('not valid UTF-8');
    await shootPanel(page, 'damaged');
    await page.click('button:has-text("Discard preview")');

    await dropFile(page, 'empty.csv', 'login,password\n');
    const alert = panel.locator('.report [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('empty.csv: the file has no credentials —');
    await shootPanel(page, 'no-credentials');
  });

  it('warns of a login that differs from another only by case, and sends it only when asked', async () => {
    const { page } = desk;
    await dropFile(
      page,
      'case.txt',
      `${login('kilo')}:pw-k1\n${login('kilo').toUpperCase()}:pw-k2\n`,
    );
    const note = page.locator('[data-testid="credential-case-only"]');
    await note.waitFor();
    expect(await page.locator('[data-testid="credential-totals"]').textContent()).toBe(
      '2 rows: 1 account to send, 1 login differing only by case.',
    );
    expect(await note.textContent()).toContain(
      '1 login differs from an earlier row only by upper/lower case.',
    );
    const preview = page.locator('[data-testid="credential-preview"]');
    expect(await preview.locator('tr[data-line="2"]').textContent()).toContain(
      'Same login as line 1 but for case: left out',
    );
    expect(await preview.locator('button.primary').textContent()).toMatch(/Add 1\s+account/);
    await note.getByLabel('Send them anyway').check();
    expect(await preview.locator('button.primary').textContent()).toMatch(/Add 2\s+accounts/);
    expect(await preview.locator('tr[data-line="2"]').textContent()).toContain('sent too');
    await shootPanel(page, 'case-only');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootPanel(page, 'case-only-dark');
    await page.setViewportSize({ width: 1024, height: 900 });
    await shootPanel(page, 'case-only-1024-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shootPanel(page, 'case-only-1024');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.click('button:has-text("Discard preview")');
  });

  it('replaces and deletes one credential by its id, straight on the marketplace', async () => {
    const { page, sandbox } = desk;
    const beta = sandbox.control.credentials(offer.id).find((c) => c.login === login('beta'))!;
    const alpha = sandbox.control.credentials(offer.id).find((c) => c.login === login('alpha'))!;
    // The forecast of an offer already on the marketplace rests on an assumption, and says so.
    const forecast = page.locator('[data-testid="status-forecast"]');
    expect(await forecast.textContent()).toContain('On Review');
    expect(await page.textContent('[data-testid="forecast-assumption"]')).toContain(
      'assumes at least one of its credentials is still unsold',
    );
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.locator('dialog').screenshot({
          path: join(SCREENS_DIR, `credentials-editor-forecast-${width}-${scheme}.png`),
        });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });

    // Booster price (not for regular sellers) waits under Advanced, closed, with that note.
    const advanced = page.locator('[data-testid="editor-advanced"]');
    expect(await advanced.getAttribute('open')).toBeNull();
    expect(await advanced.locator('input').isVisible()).toBe(false);
    await advanced.locator('summary').click();
    expect(await advanced.locator('input').isVisible()).toBe(true);
    expect(await advanced.textContent()).toContain('Booster price is not for regular sellers');
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await advanced.scrollIntoViewIfNeeded();
        await advanced.screenshot({
          path: join(SCREENS_DIR, `credentials-editor-advanced-${width}-${scheme}.png`),
        });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await advanced.locator('summary').click();

    const panel = page.locator('[data-testid="credentials-panel"]');
    await panel.locator('summary:has-text("Change or delete one credential")').click();
    expect(await panel.locator('details [role="note"]').textContent()).toContain(
      "does not give out the list of an offer's credentials",
    );
    await panel.getByLabel('Credential id').fill(String(beta.id));
    await panel.getByLabel('New login', { exact: true }).fill(login('beta2'));
    await panel.getByLabel('New password', { exact: true }).fill('New-secret');
    await panel.locator('button:has-text("Save changes")').click();
    await expect
      .poll(() => panel.locator('details [role="status"]').textContent())
      .toBe(`Credential ${beta.id} updated.`);
    expect(sandbox.control.credentials(offer.id).find((c) => c.id === beta.id)?.login).toBe(
      login('beta2'),
    );
    // The typed password does not linger in the form.
    expect(await panel.getByLabel('New password', { exact: true }).inputValue()).toBe('');

    // A comment and the 2FA flag alone: no password retyped, the login stays as it is.
    await panel.getByLabel('New comment', { exact: true }).fill('moved to a new phone');
    await panel.getByLabel('Two-factor authentication').selectOption('on');
    await shootPanel(page, 'single-update');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootPanel(page, 'single-update-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1024, height: 900 });
    await shootPanel(page, 'single-update-1024');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootPanel(page, 'single-update-1024-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.locator('button:has-text("Save changes")').click();
    await expect
      .poll(() => panel.locator('details [role="status"]').textContent())
      .toBe(`Credential ${beta.id} updated.`);
    expect(sandbox.control.credentials(offer.id).find((c) => c.id === beta.id)?.login).toBe(
      login('beta2'),
    );
    // Nothing filled in: nothing is sent, and the seller is told why.
    await panel.locator('button:has-text("Save changes")').click();
    await expect
      .poll(() => panel.locator('details [role="alert"]').textContent())
      .toContain('Nothing to change');

    await panel.getByLabel('Credential id').fill(String(alpha.id));
    await panel.locator('button:has-text("Delete credential")').click();
    const confirm = page.locator('dialog[aria-label="Delete this credential?"]');
    await confirm.locator('button:has-text("Delete credential")').click();
    await expect
      .poll(() => panel.locator('details [role="status"]').textContent())
      .toBe(`Credential ${alpha.id} deleted.`);
    expect(sandbox.control.credentials(offer.id).map((c) => c.id)).not.toContain(alpha.id);
    await panel.locator('summary:has-text("Change or delete one credential")').click();
  });

  it("shows a transferred offer's refusal plainly", async () => {
    const { page, sandbox } = desk;
    sandbox.control.setTransferred(offer.id, true);
    await dropFile(page, 'more.txt', `${login('zeta')}:pw6\n`);
    await page.click('[data-testid="credential-preview"] button:has-text("Add 1 account")');
    const refusal = page.locator('[data-testid="credentials-panel"] .refusal');
    await refusal.waitFor({ timeout: 15_000 });
    expect(await refusal.textContent()).toContain('transferred');
    expect(await refusal.textContent()).toContain('lets nobody change its credentials');
    expect(await counts(page, 'queued')).toBe('1');
    expect(sandbox.control.credentials(offer.id).map((c) => c.login)).not.toContain(login('zeta'));
    await shootPanel(page, 'transferred');
  });
});
