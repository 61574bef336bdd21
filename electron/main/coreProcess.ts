// The desktop app's core process: Electron's utilityProcess running the bundled core-process.cjs
// (electron/corehost/coreProcess.ts), beside main's bundle. Everything else — the relay of its
// synchronous port calls, restarts, the protocol — is electron/corehost's, the same code the
// tests run with a Node child process in its place (utilityProcess cannot run there).
import { join } from 'node:path';
import { utilityProcess } from 'electron';
import { CORE_PROCESS_FILE, processSpawner, type SpawnCore } from '../corehost/spawnCore';

export function utilityProcessSpawner(bundleDir: string): SpawnCore {
  return processSpawner(() => {
    const child = utilityProcess.fork(join(bundleDir, CORE_PROCESS_FILE), [], {
      serviceName: 'Seller Desk core',
      stdio: 'inherit',
    });
    return {
      postMessage: (message) => child.postMessage(message),
      onMessage(listener) {
        child.on('message', listener);
        return () => void child.off('message', listener);
      },
      kill: () => void child.kill(),
      onExit: (listener) => void child.once('exit', listener),
    };
  });
}
