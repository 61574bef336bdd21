import Database from 'better-sqlite3';
import { migrations, SCHEMA_VERSION } from '../../electron/core/store/schema';

interface Shape {
  objects: Map<string, string>; // name → type, for tables, indexes and triggers
  columns: Map<string, Set<string>>; // table → column names
}

function shapeOf(db: Database.Database): Shape {
  const rows = db
    .prepare<{ name: string; type: string }>(
      "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'index', 'trigger') AND name NOT LIKE 'sqlite_%'",
    )
    .all();
  const objects = new Map(rows.map((r) => [r.name, r.type]));
  const columns = new Map<string, Set<string>>();
  for (const { name, type } of rows) {
    if (type !== 'table') continue;
    const cols = db.prepare<{ name: string }>(`PRAGMA table_info("${name}")`).all();
    columns.set(name, new Set(cols.map((c) => c.name)));
  }
  return { objects, columns };
}

function run(db: Database.Database, index: number): void {
  const migration = migrations[index]!;
  if (typeof migration === 'string') db.exec(migration);
  else migration(db);
}

/**
 * Takes a profile back to what schema `version` left, by removing the tables, indexes, triggers
 * and columns each later migration adds (read from the migrations themselves, replayed on an
 * empty database), so a test of opening an old profile stays true as migrations are added.
 * What a later migration changed in place (a trigger remade) is the caller's to undo.
 */
export function asSchema(db: Database.Database, version: number): void {
  const scratch = new Database(':memory:');
  try {
    for (let i = 0; i < version; i++) run(scratch, i);
    const added: Shape[] = [];
    for (let i = version; i < SCHEMA_VERSION; i++) {
      const before = shapeOf(scratch);
      run(scratch, i);
      const after = shapeOf(scratch);
      const objects = new Map([...after.objects].filter(([name]) => !before.objects.has(name)));
      const columns = new Map<string, Set<string>>();
      for (const [table, cols] of after.columns) {
        const had = before.columns.get(table);
        if (!had || objects.has(table)) continue;
        const grown = new Set([...cols].filter((c) => !had.has(c)));
        if (grown.size > 0) columns.set(table, grown);
      }
      added.push({ objects, columns });
    }
    for (const { objects, columns } of added.reverse()) {
      for (const [name, type] of [...objects].reverse()) {
        if (type === 'table') db.exec(`DROP TABLE IF EXISTS "${name}"`);
        else db.exec(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`);
      }
      for (const [table, cols] of columns)
        for (const column of cols) db.exec(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
    }
    db.pragma(`user_version = ${version}`);
  } finally {
    scratch.close();
  }
}
