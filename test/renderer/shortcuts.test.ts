import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyLike } from '../../renderer/src/lib/shortcuts';

const key = (k: string, extra: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  inTextField: false,
  ...extra,
});

describe('shortcuts', () => {
  it('reads Ctrl on Windows/Linux and Cmd on macOS alike', () => {
    expect(shortcutFor(key('s', { ctrlKey: true }))).toBe('save');
    expect(shortcutFor(key('s', { metaKey: true }))).toBe('save');
    expect(shortcutFor(key('F', { ctrlKey: true }))).toBe('search');
    expect(shortcutFor(key('n', { metaKey: true }))).toBe('newOffer');
  });

  it('saves even while typing in a field, but Delete and Ctrl+A stay text editing there', () => {
    expect(shortcutFor(key('s', { ctrlKey: true, inTextField: true }))).toBe('save');
    expect(shortcutFor(key('Delete', { inTextField: true }))).toBeNull();
    expect(shortcutFor(key('a', { ctrlKey: true, inTextField: true }))).toBeNull();
    expect(shortcutFor(key('Delete'))).toBe('delete');
    expect(shortcutFor(key('a', { ctrlKey: true }))).toBe('selectAll');
  });

  it('ignores plain letters and AltGr combinations', () => {
    expect(shortcutFor(key('s'))).toBeNull();
    expect(shortcutFor(key('s', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutFor(key('s', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it('reads a plain Escape as clearing the selection, but not inside a text field', () => {
    expect(shortcutFor(key('Escape'))).toBe('clearSelection');
    expect(shortcutFor(key('Escape', { inTextField: true }))).toBeNull();
    expect(shortcutFor(key('Escape', { ctrlKey: true }))).toBeNull();
  });

  it('reads Ctrl/Cmd+Z as undoing the last change, but as text editing inside a field', () => {
    expect(shortcutFor(key('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(key('Z', { metaKey: true }))).toBe('undo');
    expect(shortcutFor(key('z', { ctrlKey: true, inTextField: true }))).toBeNull();
    expect(shortcutFor(key('z', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });
});
