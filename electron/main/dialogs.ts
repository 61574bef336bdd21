// Native open/save dialogs for the core's `Dialogs` port, attached to the window that asked.
import type { BrowserWindow, Dialog, FileFilter } from 'electron';

type Purpose = 'credentials' | 'screenshots' | 'offers';

const FILTERS: Record<Purpose, FileFilter[]> = {
  credentials: [
    { name: 'Credential files', extensions: ['txt', 'csv', 'tsv', 'json', 'xlsx'] },
    { name: 'All files', extensions: ['*'] },
  ],
  screenshots: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg'] }],
  offers: [
    { name: 'Offer tables', extensions: ['csv', 'xlsx'] },
    { name: 'All files', extensions: ['*'] },
  ],
};

export function createNativeDialogs(dialog: Dialog, window: () => BrowserWindow | null) {
  return {
    async pickFiles(purpose: Purpose): Promise<string[]> {
      const options = {
        properties: ['openFile', 'multiSelections'] as ('openFile' | 'multiSelections')[],
        filters: FILTERS[purpose],
      };
      const parent = window();
      const result = parent
        ? await dialog.showOpenDialog(parent, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    },
    async saveFile(defaultName: string): Promise<string | null> {
      const parent = window();
      const options = { defaultPath: defaultName };
      const result = parent
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}
