// The commands that work on the local data (import, list, show, export, status changes), from
// argv to exit code in-process (the binary itself is driven in e2e.test.ts), with the catalogue
// read from a sandbox marketplace over loopback and a real SQLite file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonOf, runInProcess, useCliWorld } from './harness';

const world = useCliWorld('sd-cli-offline-');

function csv(name: string, lines: string[]): string {
  const path = join(world.dir.path, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

describe('seller-desk offline commands', { timeout: 60_000 }, () => {
  it('shows a product with the columns an import needs, fetched once from the marketplace', async () => {
    const run = await runInProcess(['products', 'show', '1', '--json'], world.target);
    expect(run.code).toBe(0);
    const doc = jsonOf<{
      result: {
        importColumns: { fields: { column: string; required: boolean; allowedValues: string[] }[] };
      };
    }>(run);
    const realm = doc.result.importColumns.fields.find((f) => f.column === 'Realm')!;
    expect(realm.required).toBe(true);
    expect(realm.allowedValues).toContain('Ashbringer');
    const before = world.sandbox.requests.length;
    const human = await runInProcess(['products', 'show', '1'], world.target);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/Realm\s+data\.101\s+select\s+yes\s+Ashbringer/);
    expect(world.sandbox.requests.length).toBe(before); // served from the cache
  });

  it('refuses a bad file with every bad row by line and column, and queues nothing', async () => {
    const file = csv('bad.csv', [
      'price_per_step,amount,min_purchase_amount,Realm,Faction',
      '0.5,1000,1,Ashbringer,Horde',
      'abc,1000,1,Ashbringer,Horde',
      '0.5,1000,1,Nowhere,Horde',
    ]);
    const run = await runInProcess(
      ['offers', 'import', file, '--product', '1', '--delivery-time', '3600000'],
      world.target,
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('2 bad row(s); nothing was queued');
    expect(run.stderr).toMatch(/line 3, column price_per_step: .*number/);
    expect(run.stderr).toMatch(/line 4, column Realm: .*allowed: Ashbringer/);

    const json = jsonOf<{
      ok: boolean;
      exitCode: number;
      error: { problems: { line: number; column: string }[] };
    }>(
      await runInProcess(
        ['offers', 'import', file, '--product', '1', '--delivery-time', '3600000', '--json'],
        world.target,
      ),
    );
    expect(json.ok).toBe(false);
    expect(json.exitCode).toBe(2);
    expect(json.error.problems.map((p) => [p.line, p.column])).toEqual([
      [3, 'price_per_step'],
      [4, 'Realm'],
    ]);
    const status = jsonOf<{ result: { offers: number; queuedOperations: number } }>(
      await runInProcess(['status', '--json'], world.target),
    );
    expect(status.result).toMatchObject({ offers: 0, queuedOperations: 0 });
  });

  it('with --skip-invalid queues the good rows, reports the bad ones and counts duplicates', async () => {
    // Line 4 gives no delivery time: it gets the default (one hour, as in the app), which makes
    // it a duplicate of line 2.
    const file = csv('mixed.csv', [
      'price_per_step,amount,min_purchase_amount,guarantee_delivery_time,Realm,Faction',
      '0.5,1000,1,3600000,Ashbringer,Horde',
      '0.5,1000,1,3600000,Ashbringer,Horde',
      '0.5,1000,1,,Ashbringer,Horde',
      '0.6,abc,1,3600000,Bloodfang,Alliance',
    ]);
    const run = await runInProcess(
      ['offers', 'import', file, '--product', '1', '--skip-invalid', '--json'],
      world.target,
    );
    expect(run.code).toBe(0);
    const doc = jsonOf<{ result: Record<string, unknown> }>(run);
    expect(doc.result).toMatchObject({ rows: 4, created: 1, duplicates: 2, skipped: 1 });
    const lines = (doc.result.problems as { line: number; column: string }[]).map((p) => [
      p.line,
      p.column,
    ]);
    expect(lines).toEqual([[5, 'amount']]);
    // The same file again: the good row is now a duplicate of the queued offer.
    const again = jsonOf<{ result: Record<string, unknown> }>(
      await runInProcess(
        ['offers', 'import', file, '--product', '1', '--skip-invalid', '--json'],
        world.target,
      ),
    );
    expect(again.result).toMatchObject({ created: 0, duplicates: 3 });
  });

  it('lists, shows, exports and re-imports without change; queues a status change and a delete', async () => {
    const list = jsonOf<{
      result: { total: number; offers: { id: string; syncState: string; pricePerStep: number }[] };
    }>(await runInProcess(['offers', 'list', '--product', '1', '--json'], world.target));
    expect(list.result.total).toBe(1);
    const offer = list.result.offers[0]!;
    expect(offer).toMatchObject({ syncState: 'local', pricePerStep: 0.5 });
    expect(offer.id).toMatch(/^L\d+$/);

    const found = (text: string) =>
      runInProcess(['offers', 'list', '--search', text, '--json'], world.target).then(
        (r) => jsonOf<{ result: { total: number } }>(r).result.total,
      );
    expect(await found('classic era')).toBe(1); // the product's title
    expect(await found('retail')).toBe(0);
    expect(
      jsonOf<{ result: { total: number } }>(
        await runInProcess(['offers', 'list', '--status', '2', '--json'], world.target),
      ).result.total,
    ).toBe(0); // not on the marketplace yet: no server status

    const shown = await runInProcess(['offers', 'show', offer.id], world.target);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/price_per_step:\s+0\.5/);
    expect(shown.stdout).toMatch(/data\.101:\s+Ashbringer/);

    const exported = join(world.dir.path, 'export.csv');
    const exportRun = await runInProcess(['offers', 'export', exported, '--json'], world.target);
    expect(exportRun.code).toBe(0);
    expect(jsonOf<{ result: { offers: number } }>(exportRun).result.offers).toBe(1);
    const text = readFileSync(exported, 'utf8');
    expect(text.split(/\r?\n/)[0]).toContain('Price per step');
    expect(text).toContain('Ashbringer');
    const reimport = jsonOf<{ result: Record<string, unknown> }>(
      await runInProcess(['offers', 'import', exported, '--product', '1', '--json'], world.target),
    );
    expect(reimport.result).toMatchObject({ created: 0, edited: 0, duplicates: 1 });
    const workbook = join(world.dir.path, 'export.xlsx');
    expect(
      (await runInProcess(['offers', 'export', workbook, '--product', '1'], world.target)).code,
    ).toBe(0);
    expect(readFileSync(workbook).subarray(0, 2).toString()).toBe('PK');
    const fromWorkbook = jsonOf<{ result: Record<string, unknown> }>(
      await runInProcess(['offers', 'import', workbook, '--product', '1', '--json'], world.target),
    );
    expect(fromWorkbook.result).toMatchObject({ rows: 1, created: 0, duplicates: 1 });

    const badStatus = await runInProcess(['offers', 'set-status', offer.id, '4'], world.target);
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toMatch(/STATUS must be one of 1/);
    const missing = await runInProcess(['offers', 'show', '999999'], world.target);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/not in the local data/);

    const cancelled = await runInProcess(['offers', 'delete', offer.id, '--json'], world.target);
    expect(jsonOf<{ result: { cancelled: string[] } }>(cancelled).result.cancelled).toEqual([
      offer.id,
    ]);
    const after = jsonOf<{ result: { offers: number; queuedOperations: number } }>(
      await runInProcess(['status', '--json'], world.target),
    );
    expect(after.result).toMatchObject({ offers: 0, queuedOperations: 0 });
  });
});
