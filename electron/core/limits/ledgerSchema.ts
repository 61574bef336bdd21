// The rate ledger's table. The store's migrations create it; the limiter reads and writes it.
// One row per request sent: its weight in each of the three rolling windows.
export const RATE_LEDGER_DDL = `
CREATE TABLE IF NOT EXISTS rate_ledger (
  id INTEGER PRIMARY KEY,
  at_ms INTEGER NOT NULL,
  requests INTEGER NOT NULL DEFAULT 1,
  manage_offers INTEGER NOT NULL DEFAULT 0,
  attach INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS rate_ledger_at ON rate_ledger(at_ms);
`;
