// The store is sealed: its connection is no member of the Store object, production code may not
// import the tests' way in (store/testing.ts, refused by ESLint), and no SQL or transaction is
// written outside core/store and the rate ledger in core/limits.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/core/store';
import { testDatabase } from '../../electron/core/store/testing';
import { tempDir } from '../sync/harness';

const root = resolve(import.meta.dirname, '../..');
const dir = tempDir();
afterAll(() => dir.remove());

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(name) ? [path] : [];
  });
}

describe('the sealed store', () => {
  it('has no connection on the Store object, and tests reach it through store/testing', () => {
    const store = openStore(dir.file('sealed.db'));
    try {
      expect('db' in store).toBe(false);
      expect(Object.values(store).some((v) => v?.constructor?.name === 'Database')).toBe(false);
      store.saveProducts([]);
      const db = testDatabase(store);
      expect(db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });

  it('refuses store/testing in production code, wherever it stands', async () => {
    const line =
      "import { testDatabase } from '../core/store/testing';\nexport const t = testDatabase;\n";
    for (const room of ['cli', 'main', 'host', 'shell']) {
      const errors = await restrictedImports(`electron/${room}/planted.ts`, line);
      expect(errors.join('\n'), room).toContain('store/testing.ts is for tests only');
    }
    const inCore = await restrictedImports(
      'electron/core/sync/planted.ts',
      "import { testContext } from '../store/testing';\nexport const t = testContext;\n",
    );
    expect(inCore.join('\n')).toContain('store/testing.ts is for tests only');
    // The electron rule still holds beside it in the rooms that share the setting.
    const both = await restrictedImports(
      'electron/cli/planted.ts',
      "import { app } from 'electron';\nexport const a = app;\n",
    );
    expect(both.join('\n')).toContain("Only electron/main and the preload import 'electron'");
  });

  it('keeps SQL and transactions inside core/store and the rate ledger', () => {
    const allowed = [join('electron', 'core', 'store'), join('electron', 'core', 'limits')];
    const offenders: string[] = [];
    for (const file of sourceFiles(join(root, 'electron'))) {
      const rel = relative(root, file);
      if (allowed.some((folder) => rel.startsWith(folder + '/'))) continue;
      const text = readFileSync(file, 'utf8');
      const sql = /\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/.test(text);
      // A raw better-sqlite3 transaction is `db.transaction(fn).immediate()`; the store's own
      // `store.transaction(fn)` is the door for several store calls as one.
      const raw = /\.transaction\([\s\S]{0,2000}?\)\s*\.(immediate|deferred|exclusive)\(/.test(
        text,
      );
      if (sql || raw || /\.prepare\(|\.pragma\(|\.db\b|StoreContext/.test(text))
        offenders.push(rel);
    }
    expect(offenders).toEqual([]);
  });
});
