// The native menu: the usual roles (so copy/paste, undo, zoom and quit have their platform
// shortcuts), the app's own commands with the keys of the one shortcuts table
// (contract/shortcuts.ts), and a Help entry that opens the marketplace site in the browser.
// A pure template builder, so that it can be read without Electron; index.ts hands it over.
import type { MenuItemConstructorOptions } from 'electron';
import { en as menuWords } from '../contract/i18n/catalogues/menu';
import { shortcuts, type ShortcutCommand } from '../contract/shortcuts';

/** The app's words in the menu, in English (the catalogue's: contract/i18n/catalogues/menu.ts). */
export { menuWords };
/** The menu's own items (the catalogue also holds the badge's and the window's sentences). */
export type MenuWord = Exclude<
  keyof typeof menuWords,
  'menu.badge' | 'menu.importOffersWhere' | 'menu.importCredentialsWhere'
>;

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Developer tools only in development builds. */
  withDevTools: boolean;
  openHelp(): void;
  /** One of the app's commands, chosen in the menu: the focused window runs it. */
  runCommand?(command: ShortcutCommand): void;
  /** The update check (releases): the item shows only when it is given. */
  checkForUpdates?(): void;
  /** The seller's language for the app's words; English when absent. */
  translate?(key: MenuWord): string;
}

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const word = (key: MenuWord) => options.translate?.(key) ?? menuWords[key];
  const command = (id: ShortcutCommand): MenuItemConstructorOptions => ({
    id,
    label: word(`menu.${id}` as MenuWord),
    accelerator: shortcuts[id].accelerator,
    click: () => options.runCommand?.(id),
  });
  const updates: MenuItemConstructorOptions[] = options.checkForUpdates
    ? [
        {
          id: 'checkForUpdates',
          label: word('menu.checkForUpdates'),
          click: options.checkForUpdates,
        },
      ]
    : [];
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: options.appName,
          submenu: [
            { role: 'about' },
            ...updates,
            { type: 'separator' },
            command('settings'),
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];
  return [
    ...appMenu,
    {
      label: word('menu.file'),
      submenu: [
        command('newOffer'),
        command('save'),
        { type: 'separator' },
        command('importOffers'),
        command('importCredentials'),
        { type: 'separator' },
        command('syncNow'),
        command('switchProfile'),
        // Windows and Linux keep Settings in the File menu; macOS in the app menu.
        ...(mac ? [] : [{ type: 'separator' } as const, command('settings')]),
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: word('menu.edit'),
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'delete' },
        { role: 'selectAll' },
        { type: 'separator' },
        command('search'),
      ],
    },
    {
      label: word('menu.view'),
      submenu: [
        { role: 'reload' },
        ...(options.withDevTools ? [{ role: 'toggleDevTools' } as const] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: word('menu.window'),
      submenu: [{ role: 'minimize' }, { role: 'zoom' }, { role: 'close' }],
    },
    {
      label: word('menu.help'),
      submenu: [
        { label: word('menu.help.seller'), click: () => options.openHelp() },
        ...(mac ? [] : updates),
      ],
    },
  ];
}
