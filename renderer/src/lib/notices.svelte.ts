// Short messages at the bottom of the window ("3 offers changed", "Saved"), gone after a while;
// one may carry an action (the "Undo" of a change just made).

/**
 * What a toast says: a sentence, or how to say it — a function of the app's words (`() =>
 * t('settings.saved')`), read again when the seller switches language while the toast shows.
 */
export type NoticeWords = string | (() => string);

export interface NoticeAction {
  label: NoticeWords;
  run: () => void;
}

export interface Notice {
  id: number;
  text: NoticeWords;
  tone: 'info' | 'good' | 'error';
  action?: NoticeAction;
}

export const notices: Notice[] = $state([]);
let nextId = 1;

/** The words of a toast in the app's language now. */
export const said = (words: NoticeWords): string => (typeof words === 'function' ? words() : words);

export function notify(
  text: NoticeWords,
  tone: Notice['tone'] = 'info',
  ms = 6000,
  action?: NoticeAction,
): void {
  const id = nextId++;
  notices.push({ id, text, tone, ...(action && { action }) });
  setTimeout(() => dismiss(id), ms);
}

export function dismiss(id: number): void {
  const index = notices.findIndex((n) => n.id === id);
  if (index >= 0) notices.splice(index, 1);
}

// A modal <dialog> sits in the top layer, above anything with any z-index, and makes the rest of
// the page inert. So the toasts are a popover (top layer too, drawn above what opened before it)
// that moves into the topmost open modal, where it can still be clicked, and back out when the
// last modal closes.
const openModals: HTMLElement[] = [];
let placer: ((into: HTMLElement | null) => void) | null = null;

/** Called by the toasts' container: how to put it inside a dialog (or back home, with null). */
export function setNoticesPlacer(place: ((into: HTMLElement | null) => void) | null): void {
  placer = place;
  place?.(openModals.at(-1) ?? null);
}

/** The topmost modal to show toasts in, or null for the page itself. */
export function noticesHost(): HTMLElement | null {
  return openModals.at(-1) ?? null;
}

export function modalOpened(dialog: HTMLElement): void {
  openModals.push(dialog);
  placer?.(dialog);
}

export function modalClosed(dialog: HTMLElement): void {
  const index = openModals.lastIndexOf(dialog);
  if (index >= 0) openModals.splice(index, 1);
  placer?.(openModals.at(-1) ?? null);
}
