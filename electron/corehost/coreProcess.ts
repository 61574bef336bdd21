// The core's own process (Electron's utilityProcess; a Node child process in tests): it starts
// the core's thread inside itself and relays between it and the app. The thread's synchronous
// port calls (vault, keychain) cross to the app as messages: this process's own thread is free
// to wait for the answer while the core's thread waits on its flag. Bundled as core-process.cjs.
import type { RelayedSyncCall, RelayedSyncReply, SyncReply } from '../contract/ipc/corePort';
import { processParentPort } from './corePort';
import { rebuildError } from './portErrors';
import { workerSpawner } from './spawnCore';

const app = processParentPort();
const core = workerSpawner()();
const waiting = new Map<number, (reply: SyncReply) => void>();
let nextId = 1;

core.serveSync(
  (method, args) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (reply) =>
        reply.ok ? resolve(reply.value) : reject(rebuildError(reply.error)),
      );
      app.postMessage({ type: 'syncCall', id, method, args } satisfies RelayedSyncCall);
    }),
);
core.onMessage((message) => app.postMessage(message));
app.onMessage((message) => {
  const reply = message as RelayedSyncReply;
  if (reply?.type === 'syncReply') {
    waiting.get(reply.id)?.(reply.reply);
    waiting.delete(reply.id);
  } else {
    core.postMessage(message);
  }
});
// The process ends with its core: the app sees the exit and decides (restart, or it was closing).
core.onExit((code) => process.exit(code));
// A Node parent that went away without closing it (Electron ends its utility processes itself):
// no orphan keeps the profile open. SQLite recovers the write-ahead log at the next open.
process.on('disconnect', () => process.exit(0));
