// Keyboard shortcuts, read from a key event the same way on every platform (Ctrl on Windows and
// Linux, Cmd on macOS).

export type ShortcutCommand =
  'save' | 'search' | 'newOffer' | 'delete' | 'selectAll' | 'clearSelection' | 'undo';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** True when the key went to a text field, where Delete and Ctrl+A mean editing. */
  inTextField: boolean;
}

export function shortcutFor(e: KeyLike): ShortcutCommand | null {
  const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && !e.shiftKey) {
    if (key === 's') return 'save';
    if (key === 'f') return 'search';
    if (key === 'n') return 'newOffer';
    if (key === 'a' && !e.inTextField) return 'selectAll';
    // In a text field Ctrl/Cmd+Z undoes typing; elsewhere it undoes the last change to offers.
    if (key === 'z' && !e.inTextField) return 'undo';
  }
  if (!mod && !e.altKey && key === 'Delete' && !e.inTextField) return 'delete';
  // In a text field Escape belongs to the field (a search box clears itself).
  if (!mod && !e.altKey && !e.shiftKey && key === 'Escape' && !e.inTextField) {
    return 'clearSelection';
  }
  return null;
}
