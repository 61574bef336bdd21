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

const use = (name: string) => `\nexport const used = ${name};\n`;

describe('layering lint', () => {
  it.each([
    ['electron/core/planted.ts', "import { menuTemplate } from '../main/menu';", 'menuTemplate'],
    ['electron/core/planted.ts', "import { startHost } from '../host/startHost';", 'startHost'],
    ['electron/contract/planted.ts', "import { openStore } from '../core/store';", 'openStore'],
    ['electron/cli/planted.ts', "import { startHost } from '../host/startHost';", 'startHost'],
    ['electron/sandbox/planted.ts', "import { startHost } from '../host/startHost';", 'startHost'],
    ['electron/sandbox/planted.ts', "import { openStore } from '../core/store';", 'openStore'],
    [
      'electron/sandbox/routes/planted.ts',
      "import { systemClock } from '../../core/util/clock';",
      'systemClock',
    ],
    ['electron/main/planted.ts', "import { startHost } from '../host/startHost';", 'startHost'],
    ['electron/shell/planted.ts', "import { startHost } from '../host/startHost';", 'startHost'],
    ['electron/shell/planted.ts', "import { menuTemplate } from '../main/menu';", 'menuTemplate'],
    [
      'renderer/src/planted.ts',
      "import { openStore } from '../../electron/core/store';",
      'openStore',
    ],
    ['electron/preload/planted.ts', "import { openStore } from '../core/store';", 'openStore'],
    ['electron/corehost/planted.ts', "import { startHost } from '../host/startHost';", 'startHost'],
    ['electron/corehost/planted.ts', "import { openStore } from '../core/store';", 'openStore'],
    ['electron/core/planted.ts', "import { serveCore } from '../corehost/serveCore';", 'serveCore'],
  ])('refuses %s importing across a wall: %s', async (file, line, name) => {
    const errors = await layerErrors(file, line + use(name));
    expect(errors.join('\n')).toMatch(/may not import .*docs\/ARCHITECTURE\.md/);
  });

  it.each([
    ['electron/core/planted.ts', "import { app } from 'electron';", 'app'],
    ['electron/cli/planted.ts', "import { app } from 'electron';", 'app'],
    ['electron/shell/planted.ts', "import { app } from 'electron';", 'app'],
    ['renderer/src/planted.ts', "import { readFileSync } from 'node:fs';", 'readFileSync'],
    ['electron/contract/planted.ts', "import Database from 'better-sqlite3';", 'Database'],
    ['electron/contract/planted.ts', "import { mount } from 'svelte';", 'mount'],
  ])('refuses %s importing a runtime it does not run in: %s', async (file, line, name) => {
    expect(await layerErrors(file, line + use(name))).not.toEqual([]);
  });

  // One door: the fronts (the app's facade, the command line, the shells) reach the store and the
  // sync engine only through the use cases.
  it.each([
    ['electron/cli/planted.ts', "import { openStore } from '../core/store';", 'openStore'],
    [
      'electron/cli/planted.ts',
      "import { createSyncEngine } from '../core/sync';",
      'createSyncEngine',
    ],
    ['electron/core/app/planted.ts', "import { openStore } from '../store';", 'openStore'],
    ['electron/core/app/planted.ts', "import { pushOutbox } from '../sync/push';", 'pushOutbox'],
    ['electron/main/planted.ts', "import { openStore } from '../core/store';", 'openStore'],
    ['electron/core/api/planted.ts', "import { openStore } from '../store';", 'openStore'],
    [
      'electron/core/usecases/planted.ts',
      "import { createAppCore } from '../app';",
      'createAppCore',
    ],
  ])('keeps the store and sync behind the use cases: refuses %s: %s', async (file, line, name) => {
    const errors = await layerErrors(file, line + use(name));
    expect(errors.join('\n')).toMatch(/may not import .*docs\/ARCHITECTURE\.md/);
  });

  it.each([
    [
      'electron/cli/planted.ts',
      "import { setStatus } from '../core/usecases/offers';",
      'setStatus',
    ],
    ['electron/core/app/planted.ts', "import { pull } from '../usecases/sync';", 'pull'],
    ['electron/core/usecases/planted.ts', "import { openStore } from '../store';", 'openStore'],
    ['electron/core/sync/planted.ts', "import { openStore } from '../store';", 'openStore'],
    ['electron/main/planted.ts', "import { app } from 'electron';", 'app'],
    [
      'electron/sandbox/planted.ts',
      "import { paths } from '../contract/marketplace/assumptions';",
      'paths',
    ],
    [
      'electron/main/planted.ts',
      "import { contentSecurityPolicy } from '../shell/contentSecurityPolicy';",
      'contentSecurityPolicy',
    ],
    [
      'electron/host/planted.ts',
      "import { resolveStaticPath } from '../shell/staticFiles';",
      'resolveStaticPath',
    ],
    [
      'renderer/src/planted.ts',
      "import { channels } from '../../electron/contract/ipc';",
      'channels',
    ],
    [
      'electron/contract/i18n/planted.ts',
      "import { IntlMessageFormat } from 'intl-messageformat';",
      'IntlMessageFormat',
    ],
    ['electron/contract/planted.ts', "import { z } from 'zod';", 'z'],
    [
      'electron/corehost/planted.ts',
      "import { createAppCore } from '../core/app';",
      'createAppCore',
    ],
    [
      'electron/host/planted.ts',
      "import { createRemoteCore } from '../corehost/remoteCore';",
      'createRemoteCore',
    ],
    [
      'electron/main/planted.ts',
      "import { workerSpawner } from '../corehost/spawnCore';",
      'workerSpawner',
    ],
  ])('allows %s: %s', async (file, line, name) => {
    expect(await layerErrors(file, line + use(name))).toEqual([]);
  });
});
