// The app's language choice lives in the app's settings (one for every profile) and reaches the
// core, main and every window: channels app.language / app.setLanguage and app.languageChanged.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app';
import { coreCalls, createTestCore } from '../app/coreHarness';

let dataDir: string;
let core: AppCore;
const { call } = coreCalls(() => core);
// Nothing here reaches a marketplace: the core is never started.
const nowhere = 'http://127.0.0.1:9';

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sd-language-'));
});
afterEach(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the app language', () => {
  it('follows the OS languages main passes until the seller chooses', async () => {
    core = await createTestCore(dataDir, nowhere, { systemLanguages: ['ru-RU'] });
    expect(await call('app.language')).toEqual({ choice: 'system', locale: 'ru' });
    // Main knows the OS: a renderer with other languages does not override it.
    expect(await call('app.language', { preferred: ['en-US'] })).toEqual({
      choice: 'system',
      locale: 'ru',
    });
    expect(core.locale()).toBe('ru');
  });

  it("without main, takes the renderer's languages from its first call", async () => {
    core = await createTestCore(dataDir, nowhere);
    expect(await call('app.language', { preferred: ['ru', 'en'] })).toEqual({
      choice: 'system',
      locale: 'ru',
    });
    expect(core.locale()).toBe('ru');
  });

  it('keeps the choice app-wide across restarts and tells every window', async () => {
    core = await createTestCore(dataDir, nowhere, { systemLanguages: ['ru-RU'] });
    const told: unknown[] = [];
    core.on('app.languageChanged', (language) => told.push(language));
    expect(await call('app.setLanguage', { choice: 'en' })).toEqual({ choice: 'en', locale: 'en' });
    expect(told).toEqual([{ choice: 'en', locale: 'en' }]);
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).language).toBe('en');

    await core.close();
    core = await createTestCore(dataDir, nowhere, { systemLanguages: ['ru-RU'] });
    expect(await call('app.language')).toEqual({ choice: 'en', locale: 'en' });
    expect(core.locale()).toBe('en');
    expect(await call('app.setLanguage', { choice: 'system' })).toEqual({
      choice: 'system',
      locale: 'ru',
    });
  });

  it('refuses a language it does not have', async () => {
    core = await createTestCore(dataDir, nowhere);
    await expect(call('app.setLanguage', { choice: 'de' })).rejects.toMatchObject({
      kind: 'bad_input',
    });
  });
});
