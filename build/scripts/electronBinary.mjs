// Where the Electron binary is, found without letting the `electron` package try to download it
// (its index.js starts a download when the binary is missing, which hangs or fails offline).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** @returns {string | null} the executable's path, or null when it is not installed. */
export function findElectronBinary(fromDir) {
  const require = createRequire(join(fromDir, 'package.json'));
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, 'electron');
    return existsSync(candidate) ? candidate : null;
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export const MISSING_ELECTRON_MESSAGE =
  "Electron's binary is not installed (its download was blocked): run `npx install-electron` " +
  'with network access to the Electron release host (or reinstall with it), ' +
  'or use `npm run preview` to run Seller Desk in your browser.';
