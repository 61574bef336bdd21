// Settings → "Let the command line send credentials", in the real renderer through the browser
// host: the toggle writes the profile's owner-only key file, turning it off deletes it again.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openHarness, connectWithToken, localIdOf, queueCredentialLines } from './harness';

const keyFilesIn = (dataDir: string) =>
  readdirSync(join(dataDir, 'profiles')).filter((n) => n.includes('.credentials.key'));

describe('Settings in Chromium', () => {
  it('lets the seller give the command line access to queued credentials, and take it back', async () => {
    const desk = await openHarness({ name: 'flow-settings' });
    desk.page.setDefaultTimeout(20_000);
    try {
      const { page, sandbox, dataDir } = desk;
      await connectWithToken(page, sandbox.sellers[0]!.token);
      await page.click('nav button:has-text("Settings")');
      const toggle = page.getByLabel('Let the command line send credentials');
      await expect.poll(() => toggle.isDisabled()).toBe(false);
      expect(await toggle.isChecked()).toBe(false);

      // Credentials queued with access off: the profile's key is in the keychain copy only.
      const offer = sandbox.control
        .offers(sandbox.sellers[0]!.id)
        .find((o) => o.marketplace_type === 2 && o.credential_system_type_id === 3)!;
      const queued = await queueCredentialLines(
        page,
        await localIdOf(page, offer.id),
        'e2e-login:E2e-Secret-Pass-1',
      );
      expect(queued).toMatchObject({ ok: true, value: { queued: 1 } });
      const stem = readdirSync(join(dataDir, 'profiles'))
        .find((n) => n.endsWith('.sqlite'))!
        .replace(/\.sqlite$/, '');
      expect(keyFilesIn(dataDir)).toEqual([`${stem}.credentials.key.enc`]);
      await desk.screenshot('off');

      await toggle.check();
      await expect.poll(() => keyFilesIn(dataDir)).toContain(`${stem}.credentials.key`);
      expect(await toggle.isChecked()).toBe(true);
      if (process.platform !== 'win32') {
        const mode = statSync(join(dataDir, 'profiles', `${stem}.credentials.key`)).mode;
        expect(mode & 0o777).toBe(0o600);
      }
      await desk.screenshot('on');

      await toggle.uncheck();
      await expect.poll(() => keyFilesIn(dataDir)).toEqual([`${stem}.credentials.key.enc`]);
      expect(await toggle.isChecked()).toBe(false);
    } finally {
      await desk.close();
    }
  }, 60_000);
});
