// The seller's theme: "system" follows the OS (prefers-color-scheme); light or dark is forced on
// the document (app.css reads `data-theme`), whatever the OS says.
import type { ThemeChoice } from '../../../electron/contract/ipc/preferenceModels';

export function applyTheme(theme: ThemeChoice, root: HTMLElement = document.documentElement) {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}
