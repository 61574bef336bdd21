// The layering rules live in ESLint (build/eslint/layers.js) so editors show them; this proves
// they bite: each wrong import below, linted as if it stood in that room, is an error, and the
// same file with an allowed import is clean.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return result!.messages
    .filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

/** A file planted in `file` that imports `name` (`default X` for a default import) from `from`. */
async function plantedErrors(file: string, name: string, from: string): Promise<string[]> {
  const local = name.replace(/^default /, '');
  const line = name.startsWith('default ')
    ? `import ${local} from '${from}';`
    : `import { ${local} } from '${from}';`;
  return layerErrors(file, `${line}\nexport const used = ${local};\n`);
}

describe('layering lint', () => {
  it.each([
    ['electron/core/planted.ts', 'menuTemplate', '../main/menu'],
    ['electron/core/planted.ts', 'startHost', '../host/startHost'],
    ['electron/contract/planted.ts', 'openStore', '../core/store'],
    ['electron/cli/planted.ts', 'startHost', '../host/startHost'],
    ['electron/sandbox/planted.ts', 'startHost', '../host/startHost'],
    ['electron/sandbox/planted.ts', 'openStore', '../core/store'],
    ['electron/sandbox/routes/planted.ts', 'systemClock', '../../core/util/clock'],
    ['electron/main/planted.ts', 'startHost', '../host/startHost'],
    ['electron/shell/planted.ts', 'startHost', '../host/startHost'],
    ['electron/shell/planted.ts', 'menuTemplate', '../main/menu'],
    ['renderer/src/planted.ts', 'openStore', '../../electron/core/store'],
    ['electron/preload/planted.ts', 'openStore', '../core/store'],
    ['electron/corehost/planted.ts', 'startHost', '../host/startHost'],
    ['electron/corehost/planted.ts', 'openStore', '../core/store'],
    ['electron/core/planted.ts', 'serveCore', '../corehost/serveCore'],
  ])('refuses %s importing %s from %s across a wall', async (file, name, from) => {
    const errors = await plantedErrors(file, name, from);
    expect(errors.join('\n')).toMatch(/may not import .*docs\/ARCHITECTURE\.md/);
  });

  it.each([
    ['electron/core/planted.ts', 'app', 'electron'],
    ['electron/cli/planted.ts', 'app', 'electron'],
    ['electron/shell/planted.ts', 'app', 'electron'],
    ['renderer/src/planted.ts', 'readFileSync', 'node:fs'],
    ['electron/contract/planted.ts', 'default Database', 'better-sqlite3'],
    ['electron/contract/planted.ts', 'mount', 'svelte'],
  ])('refuses %s importing %s from %s, a runtime it does not run in', async (file, name, from) => {
    expect(await plantedErrors(file, name, from)).not.toEqual([]);
  });

  // One door: the fronts (the app's facade, the command line, the shells) reach the store and the
  // sync engine only through the use cases.
  it.each([
    ['electron/cli/planted.ts', 'openStore', '../core/store'],
    ['electron/cli/planted.ts', 'createSyncEngine', '../core/sync'],
    ['electron/core/app/planted.ts', 'openStore', '../store'],
    ['electron/core/app/planted.ts', 'pushOutbox', '../sync/push'],
    ['electron/main/planted.ts', 'openStore', '../core/store'],
    ['electron/core/api/planted.ts', 'openStore', '../store'],
    ['electron/core/usecases/planted.ts', 'createAppCore', '../app'],
  ])(
    'keeps the store and sync behind the use cases: refuses %s importing %s from %s',
    async (file, name, from) => {
      const errors = await plantedErrors(file, name, from);
      expect(errors.join('\n')).toMatch(/may not import .*docs\/ARCHITECTURE\.md/);
    },
  );

  it.each([
    ['electron/cli/planted.ts', 'setStatus', '../core/usecases/offers'],
    ['electron/core/app/planted.ts', 'pull', '../usecases/sync'],
    ['electron/core/usecases/planted.ts', 'openStore', '../store'],
    ['electron/core/sync/planted.ts', 'openStore', '../store'],
    ['electron/main/planted.ts', 'app', 'electron'],
    ['electron/sandbox/planted.ts', 'paths', '../contract/marketplace/assumptions'],
    ['electron/main/planted.ts', 'contentSecurityPolicy', '../shell/contentSecurityPolicy'],
    ['electron/host/planted.ts', 'resolveStaticPath', '../shell/staticFiles'],
    ['renderer/src/planted.ts', 'channels', '../../electron/contract/ipc'],
    ['electron/contract/i18n/planted.ts', 'IntlMessageFormat', 'intl-messageformat'],
    ['electron/contract/planted.ts', 'z', 'zod'],
    ['electron/corehost/planted.ts', 'createAppCore', '../core/app'],
    ['electron/host/planted.ts', 'createRemoteCore', '../corehost/remoteCore'],
    ['electron/main/planted.ts', 'workerSpawner', '../corehost/spawnCore'],
  ])('allows %s to import %s from %s', async (file, name, from) => {
    expect(await plantedErrors(file, name, from)).toEqual([]);
  });
});
