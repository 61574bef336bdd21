// The store's tables, by migration. Each migration runs in one transaction together with the
// `user_version` bump, so a crash leaves the file at the previous version, never in between.
import type Database from 'better-sqlite3';
import { RATE_LEDGER_DDL } from '../limits/ledgerSchema';
import { backfillFieldValues } from './fieldValues';
import { listSortColumns } from './listColumns';
import { SALES_DDL } from './sales';
import { backfillSales, PROFIT_DDL } from './profit';
import { STOCK_DDL } from './stock';
import { POOL_DDL } from './pool';
import { ALERTS_DDL } from './alerts';
import { CREDENTIAL_DELETIONS_DDL } from './uncertainCredentials';

// The list sorts by any of its columns, optionally filtered by status, product or sync state: one
// index per (filter, sort column) pair lets SQLite walk straight to a page instead of sorting
// thousands of rows (100k offers, p95 ≤ 10 ms; see test/bench/cache-query.bench.ts). Migration 8
// drops most of the sync-state ones again (see there).
const listIndexes = listSortColumns
  .flatMap((column) => [
    `CREATE INDEX offers_by_${column} ON offers(${column}, local_id);`,
    ...['status', 'product_id', 'sync_state']
      .filter((filter) => filter !== column)
      .map(
        (filter) =>
          `CREATE INDEX offers_by_${filter}_${column} ON offers(${filter}, ${column}, local_id);`,
      ),
  ])
  .join('\n');

/**
 * What offer_counts counts an offers row under: `dim, key` as SQL over the row named `row`. The
 * pairs (status or product, then sync state) give the counts beside a filtered list without an
 * index that every change of sync state would rewrite (migration 9); bulkChanges.ts countKeysOf
 * says the same keys in JS.
 */
function countKeys(row: string): string[] {
  return [
    `'all', ''`,
    `'status', coalesce(${row}.status, 'none')`,
    `'product', ${row}.product_id`,
    `'sync', ${row}.sync_state`,
    `'status|sync', coalesce(${row}.status, 'none') || '|' || ${row}.sync_state`,
    `'product|sync', ${row}.product_id || '|' || ${row}.sync_state`,
  ];
}

/** The statements a trigger runs to move one row's counts by `delta`. */
function countChange(row: 'new' | 'old', delta: 1 | -1): string {
  return countKeys(row)
    .map(
      (key) =>
        `INSERT INTO offer_counts (dim, key, n) VALUES (${key}, ${delta})
     ON CONFLICT (dim, key) DO UPDATE SET n = n + (${delta});`,
    )
    .join('\n  ');
}

/** The triggers that keep offer_counts row by row, by countKeys. */
function countTriggers(): string {
  return `CREATE TRIGGER offer_counts_insert AFTER INSERT ON offers BEGIN
  ${countChange('new', 1)}
END;
CREATE TRIGGER offer_counts_delete AFTER DELETE ON offers BEGIN
  ${countChange('old', -1)}
END;
CREATE TRIGGER offer_counts_update AFTER UPDATE OF status, product_id, sync_state ON offers
WHEN (old.status IS NOT new.status OR old.product_id IS NOT new.product_id
  OR old.sync_state IS NOT new.sync_state)
BEGIN
  ${countChange('old', -1)}
  ${countChange('new', 1)}
END;`;
}

/** The triggers that keep offer_counts row by row. */
export const OFFER_COUNT_TRIGGERS = [
  'offer_counts_insert',
  'offer_counts_delete',
  'offer_counts_update',
] as const;

/**
 * offer_counts counted afresh from the offers table, by the same keys as its triggers: for a bulk
 * write that drops the triggers meanwhile (store/offerImport.ts).
 */
export const RECOUNT_OFFERS_SQL = [
  'DELETE FROM offer_counts;',
  ...countKeys('o').map(
    (key) =>
      `INSERT INTO offer_counts (dim, key, n) SELECT ${key}, count(*) FROM offers o GROUP BY 1, 2;`,
  ),
].join('\n');

const migration1 = `
${RATE_LEDGER_DDL}

CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- The catalogue; product_fields and their values stay inside the wire JSON (read per product).
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  marketplace_type INTEGER NOT NULL,
  is_active INTEGER NOT NULL,
  json TEXT NOT NULL,
  seen_at INTEGER NOT NULL
);

-- One row per offer the seller has, whether the server knows it yet or not: identity, then the
-- merged view (server copy plus local change) materialized so a page over 100k offers is an index
-- walk. The server's copy itself lives in server_copies, keeping these rows small.
CREATE TABLE offers (
  local_id INTEGER PRIMARY KEY AUTOINCREMENT,
  server_id INTEGER UNIQUE,
  product_id INTEGER NOT NULL,
  server_updated_at TEXT,
  product_title TEXT NOT NULL DEFAULT '',
  outer_name TEXT NOT NULL DEFAULT '',
  internal_name TEXT NOT NULL DEFAULT '',
  price_per_step REAL,
  amount REAL,
  min_purchase_amount REAL,
  guarantee_delivery_time INTEGER,
  status INTEGER,
  sync_state TEXT NOT NULL DEFAULT 'synced'
    CHECK (sync_state IN ('synced', 'local', 'sending', 'attention', 'conflict')),
  pending_delete INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT '',
  search_text TEXT NOT NULL DEFAULT ''
);
${listIndexes}
CREATE INDEX offers_server_updated_at ON offers(server_updated_at);
CREATE INDEX offers_by_product_id ON offers(product_id, local_id);

-- Totals per filter value, kept by triggers, so a page's "n offers" is one lookup, not a count.
CREATE TABLE offer_counts (
  dim TEXT NOT NULL,
  key TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (dim, key)
) WITHOUT ROWID;
${countTriggers()}

-- Free-text search over names, description, product title and server id: trigram, so any
-- substring of three or more characters is an index lookup. Kept by refreshOffer.
CREATE VIRTUAL TABLE offers_search USING fts5(
  search_text, tokenize = 'trigram', content = '', contentless_delete = 1
);
CREATE TRIGGER offers_search_gone AFTER DELETE ON offers BEGIN
  DELETE FROM offers_search WHERE rowid = old.local_id;
END;

-- The server's offer as last seen, verbatim (wire JSON).
CREATE TABLE server_copies (
  local_id INTEGER PRIMARY KEY REFERENCES offers(local_id) ON DELETE CASCADE,
  json TEXT NOT NULL
);

-- The seller's change, as an overlay on a base: 'mine' holds only the fields the seller wrote,
-- 'base' the server's values of those fields when the change was made (or last rebased).
CREATE TABLE local_changes (
  local_id INTEGER PRIMARY KEY REFERENCES offers(local_id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('create', 'edit')),
  base_updated_at TEXT,
  base TEXT NOT NULL DEFAULT '{}',
  mine TEXT NOT NULL DEFAULT '{}',
  changed_at INTEGER NOT NULL
);

-- Ordered operations waiting to be sent. 'sending' survives a crash: on restart it means the
-- outcome is unknown and must be resolved before anything is resent.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  local_id INTEGER NOT NULL REFERENCES offers(local_id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('manage', 'status', 'delete', 'credentials',
    'screenshot_upload', 'screenshot_links', 'screenshot_detach')),
  payload TEXT NOT NULL DEFAULT '{}',
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'unknown', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  sent_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX outbox_offer ON outbox(local_id, id);
CREATE INDEX outbox_state ON outbox(state, next_attempt_at);

CREATE TABLE offer_outcomes (
  local_id INTEGER PRIMARY KEY REFERENCES offers(local_id) ON DELETE CASCADE,
  at INTEGER NOT NULL,
  ok INTEGER NOT NULL,
  server_status INTEGER,
  message TEXT,
  field_errors TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE conflicts (
  local_id INTEGER NOT NULL REFERENCES offers(local_id) ON DELETE CASCADE,
  field TEXT NOT NULL,
  base TEXT,
  mine TEXT,
  theirs TEXT,
  PRIMARY KEY (local_id, field)
);

CREATE TABLE sync_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  sent INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  conflicts INTEGER NOT NULL DEFAULT 0,
  needs_attention INTEGER NOT NULL DEFAULT 0,
  unauthorized INTEGER NOT NULL DEFAULT 0,
  error TEXT
);

-- Credentials wait here sealed (SecretBox) until the marketplace accepts them.
CREATE TABLE queued_credentials (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  outbox_id INTEGER NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
  local_id INTEGER NOT NULL REFERENCES offers(local_id) ON DELETE CASCADE,
  sealed BLOB NOT NULL,
  login_hash TEXT NOT NULL,
  email_hash TEXT
);
CREATE INDEX queued_credentials_op ON queued_credentials(outbox_id, id);

-- After upload only the hashes stay, for duplicate detection in later imports.
CREATE TABLE credential_hashes (
  local_id INTEGER NOT NULL REFERENCES offers(local_id) ON DELETE CASCADE,
  login_hash TEXT NOT NULL,
  email_hash TEXT,
  PRIMARY KEY (local_id, login_hash)
);

CREATE TABLE queued_screenshots (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  local_id INTEGER NOT NULL REFERENCES offers(local_id) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (source IN ('file', 'url')),
  file_path TEXT,
  url TEXT,
  uploaded_path TEXT,
  created_at INTEGER NOT NULL
);
`;

// The activity log: one row per request sent to the marketplace, already redacted and bounded
// (core/store/activity.ts), so reading it back can never show a secret.
const migration2 = `
CREATE TABLE activity (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  operation TEXT NOT NULL,
  offers TEXT NOT NULL DEFAULT '[]',
  outcome TEXT NOT NULL CHECK (outcome IN ('accepted', 'refused', 'unreachable', 'rate_limited')),
  message TEXT NOT NULL DEFAULT ''
);
CREATE INDEX activity_by_at ON activity(at);
`;

// The offers list shows and searches each offer's primary/filter field values (labels, read
// from the product's JSON): a column, filled in JS for the offers already stored.
function migration3(db: Database.Database): void {
  db.exec("ALTER TABLE offers ADD COLUMN field_values TEXT NOT NULL DEFAULT '';");
  backfillFieldValues(db);
}

// Undo (core/store/undoSteps.ts): each step with the local rows of its offers as they were before
// it (NULL: the step created the offer) and the waiting operations they had when it ended.
const migration4 = `
CREATE TABLE undo_steps (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  label TEXT NOT NULL,
  at INTEGER NOT NULL,
  offers INTEGER NOT NULL
);
CREATE TABLE undo_offers (
  step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE,
  local_id INTEGER NOT NULL,
  before TEXT,
  after_ops TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (step_id, local_id)
) WITHOUT ROWID;
`;

// Sales history (core/store/sales.ts): per offer, a row each time a pull sees a change.
const migration5 = SALES_DDL;

// Stock of account offers (core/store/stock.ts): per offer a low-stock threshold and the alert given.
const migration6 = STOCK_DDL;

// The restock pool (core/store/pool.ts): per offer sealed credentials waiting and the level kept.
const migration7 = POOL_DDL;

/**
 * The list indexes of migration 1 that a sync state leads. Every change flips an offer's sync
 * state (synced → local, and back once sent or discarded), and each of these then moved the
 * offer's entry: 8 of the ~19 index entries a bulk price change rewrote per offer, at 100k offers
 * a third of its CPU. The list filtered by sync state alone walks the sort column's index or sorts
 * the state's offers instead, whichever reads fewer rows (readModel.ts syncStateIndex).
 */
export const DROPPED_SYNC_STATE_INDEXES = listSortColumns
  .filter((column) => column !== 'sync_state' && column !== 'status')
  .map((column) => `offers_by_sync_state_${column}`);
const migration8 = DROPPED_SYNC_STATE_INDEXES.map((name) => `DROP INDEX IF EXISTS ${name};`).join(
  '\n',
);

/**
 * The last list indexes a sync state was part of: (status, sync state), (product, sync state) and
 * (sync state, status), each moved by every change as well (3 of the 10 index entries a bulk price
 * change still rewrote per offer). They served the counts beside a filtered list, which
 * offer_counts now keeps per (status, sync state) and (product, sync state) instead, and a sort by
 * state or status under another filter, which now sorts the filtered offers.
 */
export const DROPPED_COUNT_INDEXES = [
  'offers_by_status_sync_state',
  'offers_by_product_id_sync_state',
  'offers_by_sync_state_status',
];
const migration9 = [
  ...DROPPED_COUNT_INDEXES.map((name) => `DROP INDEX IF EXISTS ${name};`),
  ...OFFER_COUNT_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name};`),
  countTriggers(),
  RECOUNT_OFFERS_SQL,
].join('\n');

/**
 * An undo step's label as a catalogue message ({key, values} JSON) beside the English the command
 * line prints, so the app says it in its language without reading the English back. NULL for
 * steps recorded before (the app says their English fixed forms from a table, usecases/offers/undo).
 */
const migration10 = 'ALTER TABLE undo_steps ADD COLUMN label_say TEXT;';

/**
 * An activity entry's answer as a catalogue message beside the English the command line and the
 * CSV export read (JSON {key, values, fields}: a refusal of fields keeps each field's API key and
 * the marketplace's words, so the app names the field by its label in its language). NULL for the
 * other entries and those recorded before: the app says their English fixed forms.
 */
const migration11 = 'ALTER TABLE activity ADD COLUMN message_say TEXT;';

// Alerts (core/store/alerts.ts): the seller's channels (secrets sealed) and each event's delivery.
const migration12 = ALERTS_DDL;
/**
 * Credentials the seller deleted on the marketplace (by its id): the stock and the restock pool
 * count the credentials sent less these.
 */
const migration13 = CREDENTIAL_DELETIONS_DDL;

/**
 * Profit (core/store/profit.ts): the seller's costs, and each sale with its revenue, commission
 * and cost fixed when seen; the history kept so far becomes sales without a cost.
 */
function migration14(db: Database.Database): void {
  db.exec('ALTER TABLE sales_points ADD COLUMN commission REAL;');
  db.exec(PROFIT_DDL);
  backfillSales(db);
}

/** A migration is SQL, or a step that needs JS (a backfill), run on the open connection. */
export type Migration = string | ((db: Database.Database) => void);

/** Index i takes the file from user_version i to i + 1. */
export const migrations: readonly Migration[] = [
  migration1,
  migration2,
  migration3,
  migration4,
  migration5,
  migration6,
  migration7,
  migration8,
  migration9,
  migration10,
  migration11,
  migration12,
  migration13,
  migration14,
];

export const SCHEMA_VERSION = migrations.length;
