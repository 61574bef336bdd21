// Keyboard shortcuts, read from a key event the same way on every platform (Ctrl on Windows and
// Linux, Cmd on macOS), with the one table the application menu shows (contract/shortcuts.ts).
import {
  chordOf,
  shortcutCommands,
  shortcuts,
  type ShortcutCommand,
} from '../../../electron/contract/shortcuts';

export type { ShortcutCommand };

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** True when the key went to a text field, where Delete and Ctrl+A mean editing. */
  inTextField: boolean;
}

const chords = shortcutCommands.map((command) => ({
  command,
  chord: chordOf(shortcuts[command].accelerator),
  inTextField: shortcuts[command].inTextField,
}));

export function shortcutFor(e: KeyLike): ShortcutCommand | null {
  // Ctrl+Alt is AltGr on many keyboards: a character being typed, never a shortcut.
  if (e.altKey) return null;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  for (const { command, chord, inTextField } of chords) {
    if (chord.key !== key || chord.mod !== mod || chord.shift !== e.shiftKey) continue;
    // In a text field Ctrl/Cmd+Z undoes typing and Escape belongs to the field.
    if (e.inTextField && !inTextField) return null;
    return command;
  }
  return null;
}
