// The seller's theme: "system" follows the OS (prefers-color-scheme); light or dark is forced on
// the document (app.css reads `data-theme`), whatever the OS says. The core keeps the choice; a
// copy in the page's storage paints the first frame in it, before the core has answered.
import type { ThemeChoice } from '../../../electron/contract/ipc/preferenceModels';

const REMEMBERED = 'seller-desk.theme';

export function applyTheme(theme: ThemeChoice, root: HTMLElement = document.documentElement) {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    localStorage.setItem(REMEMBERED, theme);
  } catch {
    // No storage (a locked-down profile): the core's answer still applies it, a moment later.
  }
}

/** The theme last applied in this window, before the core answers (at start). */
export function applyRememberedTheme(root: HTMLElement = document.documentElement) {
  const theme = (() => {
    try {
      return localStorage.getItem(REMEMBERED);
    } catch {
      return null;
    }
  })();
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
}
