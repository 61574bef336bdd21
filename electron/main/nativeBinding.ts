// Which better-sqlite3 binding main loads. Tests and the CLI run under Node with the module's own
// build; Electron has another ABI, so the app loads the separate build that
// build/scripts/electron-native.mjs makes in out/native (unpacked from the asar when packaged).
import { join } from 'node:path';

export interface AppLocation {
  /** `app.getAppPath()`: the project folder in development, `…/app.asar` when packaged. */
  appPath: string;
  isPackaged: boolean;
  exists(path: string): boolean;
}

/** The Electron build of the binding, or undefined to let better-sqlite3 find its own. */
export function electronSqliteBinding({
  appPath,
  isPackaged,
  exists,
}: AppLocation): string | undefined {
  // Native modules cannot be loaded from inside an asar archive; electron-builder unpacks them.
  const base = isPackaged ? appPath.replace(/app\.asar$/, 'app.asar.unpacked') : appPath;
  const binding = join(base, 'out', 'native', 'better_sqlite3.node');
  return exists(binding) ? binding : undefined;
}
