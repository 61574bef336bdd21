// The update flow's questions as native message boxes. Written over the one dialog method used,
// so main passes Electron's and nothing here imports it.
import type { UpdatePrompts } from './updateService';

export interface MessageBoxLike {
  showMessageBox(options: {
    type: 'info' | 'question';
    buttons: string[];
    defaultId: number;
    cancelId: number;
    title: string;
    message: string;
    detail?: string;
  }): Promise<{ response: number }>;
}

export interface PromptWords {
  title: string;
  ready(version: string): string;
  readyDetail: string;
  restartNow: string;
  later: string;
  ok: string;
}

export function messageBoxPrompts(dialog: MessageBoxLike, words: () => PromptWords): UpdatePrompts {
  return {
    async askToRestart(version) {
      const w = words();
      const { response } = await dialog.showMessageBox({
        type: 'question',
        buttons: [w.restartNow, w.later],
        defaultId: 0,
        cancelId: 1,
        title: w.title,
        message: w.ready(version),
        detail: w.readyDetail,
      });
      return response === 0;
    },
    async tell(message) {
      const w = words();
      await dialog.showMessageBox({
        type: 'info',
        buttons: [w.ok],
        defaultId: 0,
        cancelId: 0,
        title: w.title,
        message,
      });
    },
  };
}
