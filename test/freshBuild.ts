// The app's own bundles in out/ (what `npm run build` made, and what `npm test` builds before its
// suites), when they are newer than every source file under electron/. A test that only needs
// the core running starts it from its bundle then: from TypeScript, each start compiles the core
// on its thread (a second or more of CPU, a few under load). A bundle older than the source (a
// file edited since the last build) is not the code the test means, and the caller starts from
// the source instead.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
let newestSourceMs: number | null = null;

function newestUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs;
    return Math.max(newest, time);
  }, 0);
}

/** `out/main/<name>` when it is newer than every file under electron/, else null. */
export function freshBundle(name: string): string | null {
  const bundle = join(root, 'out/main', name);
  newestSourceMs ??= newestUnder(join(root, 'electron'));
  try {
    return statSync(bundle).mtimeMs > newestSourceMs ? bundle : null;
  } catch {
    return null;
  }
}
