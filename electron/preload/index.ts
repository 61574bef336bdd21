// The preload holds no logic: it exposes the contract's named methods over IPC, and turns a
// dropped File into its path (main checks that path again before using it).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { buildApi, FILE_GRANT_CHANNEL, ipcChannel } from '../contract/ipc';
import type { Transport } from '../contract/ipc';

const transport: Transport = {
  invoke: (channel, input) => ipcRenderer.invoke(ipcChannel(channel), input),
  subscribe(event, listener) {
    // The IPC event object (with its sender) never reaches the page, only the payload.
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(ipcChannel(event), forward);
    return () => {
      ipcRenderer.removeListener(ipcChannel(event), forward);
    };
  },
  async fileRef(file) {
    const path = webUtils.getPathForFile(file);
    if (!path) throw new Error('This file has no path on disk (it was not dropped or picked).');
    // Main accepts only paths the seller handed over (electron/main/fileRefs.ts).
    if ((await ipcRenderer.invoke(FILE_GRANT_CHANNEL, path)) !== true) {
      throw new Error('Seller Desk did not accept this file.');
    }
    return path;
  },
};

contextBridge.exposeInMainWorld('sellerDesk', buildApi(transport));
