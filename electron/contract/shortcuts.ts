// The app's commands and their keys, defined once: the application menu (electron/main/menu.ts)
// shows these accelerators and the renderer (renderer/src/lib/shortcuts.ts) reads a key press
// with the same table, so a key the menu names is the key the window answers to.

export const shortcutCommands = [
  'newOffer',
  'importOffers',
  'importCredentials',
  'syncNow',
  'search',
  'save',
  'undo',
  'settings',
  'switchProfile',
  'delete',
  'selectAll',
  'clearSelection',
] as const;
export type ShortcutCommand = (typeof shortcutCommands)[number];

/**
 * Where the command shows in the application menu: one of the app's own menu items, or `role`
 * when the Edit menu's platform item already carries that key (Undo, Select All, Delete: in a
 * text field they edit text, elsewhere the window gives them the app's meaning).
 */
export type MenuPlacement = 'file' | 'edit' | 'app' | 'role';

export interface Shortcut {
  /** Electron's accelerator syntax: "CmdOrCtrl+N" is Ctrl+N on Windows/Linux and Cmd+N on macOS. */
  accelerator: string;
  /** The key still means this while the focus is in a text field (Save does; Delete does not). */
  inTextField: boolean;
  menu: MenuPlacement;
}

export const shortcuts: Readonly<Record<ShortcutCommand, Shortcut>> = {
  newOffer: { accelerator: 'CmdOrCtrl+N', inTextField: true, menu: 'file' },
  importOffers: { accelerator: 'CmdOrCtrl+O', inTextField: true, menu: 'file' },
  importCredentials: { accelerator: 'CmdOrCtrl+Shift+O', inTextField: true, menu: 'file' },
  // Not CmdOrCtrl+R: that is the View menu's reload; F5 is "bring up to date" in most apps.
  syncNow: { accelerator: 'F5', inTextField: true, menu: 'file' },
  search: { accelerator: 'CmdOrCtrl+F', inTextField: true, menu: 'edit' },
  save: { accelerator: 'CmdOrCtrl+S', inTextField: true, menu: 'file' },
  undo: { accelerator: 'CmdOrCtrl+Z', inTextField: false, menu: 'role' },
  settings: { accelerator: 'CmdOrCtrl+,', inTextField: true, menu: 'app' },
  switchProfile: { accelerator: 'CmdOrCtrl+Shift+P', inTextField: true, menu: 'file' },
  delete: { accelerator: 'Delete', inTextField: false, menu: 'role' },
  selectAll: { accelerator: 'CmdOrCtrl+A', inTextField: false, menu: 'role' },
  clearSelection: { accelerator: 'Escape', inTextField: false, menu: 'role' },
};

/** An accelerator taken apart: the modifiers it needs and its key as `KeyboardEvent.key` reads it. */
export interface KeyChord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  /** Lower case for a character key ("n", ","), the key's name otherwise ("Delete", "Escape"). */
  key: string;
}

export function chordOf(accelerator: string): KeyChord {
  const parts = accelerator.split('+');
  // "CmdOrCtrl++" would be the plus key; none of ours uses it.
  const key = parts.pop() ?? '';
  return {
    mod: parts.includes('CmdOrCtrl'),
    shift: parts.includes('Shift'),
    alt: parts.includes('Alt'),
    key: key.length === 1 ? key.toLowerCase() : key,
  };
}
