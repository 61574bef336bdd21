// The application menu and the renderer read one table of shortcuts: every app command the menu
// shows carries the key the window answers to, and choosing it runs that command.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  shortcutCommands,
  shortcuts,
  type ShortcutCommand,
} from '../../electron/contract/shortcuts';
import { translate } from '../../electron/contract/i18n';
import { menuTemplate, menuWords, type MenuOptions } from '../../electron/main/menu';
import { shortcutFor, type KeyLike } from '../../renderer/src/lib/shortcuts';

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? items(item.submenu) : []),
  ]);
}

/** The key press an accelerator stands for, as the renderer's keydown sees it on this platform. */
function pressOf(accelerator: string, platform: 'darwin' | 'linux'): KeyLike {
  const parts = accelerator.split('+');
  const key = parts.pop()!;
  const mod = parts.includes('CmdOrCtrl');
  return {
    key: parts.includes('Shift') && key.length === 1 ? key.toUpperCase() : key,
    ctrlKey: mod && platform === 'linux',
    metaKey: mod && platform === 'darwin',
    altKey: parts.includes('Alt'),
    shiftKey: parts.includes('Shift'),
    inTextField: false,
  };
}

const options = (platform: NodeJS.Platform, extra: Partial<MenuOptions> = {}): MenuOptions => ({
  platform,
  appName: 'Seller Desk',
  withDevTools: false,
  openHelp: () => {},
  ...extra,
});

describe('application menu', () => {
  for (const platform of ['darwin', 'linux'] as const) {
    it(`holds every app command with the renderer's key for it (${platform})`, () => {
      const chosen: ShortcutCommand[] = [];
      const all = items(menuTemplate(options(platform, { runCommand: (c) => chosen.push(c) })));
      const inMenu = shortcutCommands.filter((c) => shortcuts[c].menu !== 'role');
      expect(inMenu).toEqual(
        expect.arrayContaining([
          'newOffer',
          'importOffers',
          'importCredentials',
          'syncNow',
          'search',
          'settings',
          'switchProfile',
        ]),
      );
      for (const command of inMenu) {
        const item = all.find((i) => i.id === command);
        expect(item, command).toBeDefined();
        expect(item!.accelerator).toBe(shortcuts[command].accelerator);
        // The window reads that key as the same command.
        expect(shortcutFor(pressOf(String(item!.accelerator), platform))).toBe(command);
        expect(item!.label).toBe(menuWords[`menu.${command}` as keyof typeof menuWords]);
        (item!.click as () => void)();
      }
      expect(chosen).toEqual(inMenu);
      // No two items claim one key.
      const keys = all.filter((i) => i.accelerator).map((i) => i.accelerator);
      expect(new Set(keys).size).toBe(keys.length);
    });
  }

  it("leaves the keys the Edit menu's roles carry to those roles, and the window reads them too", () => {
    const roles = items(menuTemplate(options('linux'))).map((i) => i.role);
    expect(roles).toEqual(expect.arrayContaining(['undo', 'selectAll', 'delete']));
    for (const command of ['undo', 'selectAll', 'delete', 'clearSelection'] as const) {
      expect(shortcuts[command].menu).toBe('role');
      expect(shortcutFor(pressOf(shortcuts[command].accelerator, 'linux'))).toBe(command);
    }
  });

  it('shows "Check for Updates…" only when the update check is wired, where each platform keeps it', () => {
    const without = items(menuTemplate(options('win32')));
    expect(without.some((i) => i.id === 'checkForUpdates')).toBe(false);
    let checked = 0;
    for (const platform of ['win32', 'darwin'] as const) {
      const template = menuTemplate(options(platform, { checkForUpdates: () => checked++ }));
      const menuOf = (item: MenuItemConstructorOptions) =>
        Array.isArray(item.submenu) && item.submenu.some((i) => i.id === 'checkForUpdates');
      const holder = template.find(menuOf)!;
      expect(holder.label).toBe(platform === 'darwin' ? 'Seller Desk' : 'Help');
      const item = items(template).find((i) => i.id === 'checkForUpdates')!;
      (item.click as () => void)();
    }
    expect(checked).toBe(2);
  });

  it("speaks the seller's language through the catalogue", () => {
    const all = items(menuTemplate(options('linux', { translate: (key) => translate('ru', key) })));
    expect(all.find((i) => i.id === 'newOffer')!.label).toBe('Новое предложение');
    expect(all.find((i) => i.id === 'syncNow')!.label).toBe('Синхронизировать');
    expect(all.some((i) => i.label === 'Файл')).toBe(true);
    expect(translate('ru', 'menu.badge', { count: 2 })).toBe('2 предложения требуют внимания');
    expect(translate('en', 'menu.badge', { count: 1 })).toBe('1 offer needs your attention');
  });
});
