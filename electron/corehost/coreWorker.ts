// The core's thread: its entry point (bundled as core-worker.cjs; from source via the tsx
// bootstrap). Everything is in serveCore; this file only finds the ports it was given.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { nodePort } from './corePort';
import { serveCore } from './serveCore';
import { syncCaller } from './syncCalls';

const { syncPort, syncFlag } = workerData as { syncPort: MessagePort; syncFlag: Int32Array };
if (!parentPort) throw new Error('The core runs as a worker thread.');
serveCore(nodePort(parentPort), syncCaller(syncPort, syncFlag));
