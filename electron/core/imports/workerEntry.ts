// Where a worker thread's file is, for the modules that start one (the credential import, the
// workbook reader): beside the TypeScript source when running from source (started through
// workerBootstrap.mjs), or beside the bundle that holds the module (main, the CLI), where the
// build emits each worker as its own CommonJS file.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface WorkerEntry {
  /** The file the thread starts. */
  file: string;
  /** Set when `file` is the bootstrap: the TypeScript module it should load. */
  typescriptEntry?: string;
}

/** The file of the module whose `import.meta` this is. */
export function moduleFileOf(meta: { url?: string }): string {
  // In an esbuild CJS bundle import.meta is an empty object; __filename is the bundle then.
  return meta.url ? fileURLToPath(meta.url) : __filename;
}

export function workerBeside(
  moduleFile: string,
  worker: { source: string; bundled: string },
): WorkerEntry {
  const directory = dirname(moduleFile);
  if (moduleFile.endsWith('.ts')) {
    return {
      file: join(directory, '..', 'workerBootstrap.mjs'),
      typescriptEntry: join(directory, worker.source),
    };
  }
  return { file: join(directory, worker.bundled) };
}
