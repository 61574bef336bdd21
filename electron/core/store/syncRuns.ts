// The log of sync runs: what the status command and the UI show as "last sync".
import { prep, type StoreContext } from './context';

export interface SyncRunSummary {
  sent: number;
  failed: number;
  conflicts: number;
  needsAttention: number;
  unauthorized: boolean;
  error?: string | null;
}

export interface SyncRunRecord extends SyncRunSummary {
  id: number;
  kind: string;
  startedAt: number;
  finishedAt: number | null;
}

export function startSyncRun(ctx: StoreContext, kind: string): number {
  const info = prep(ctx, 'INSERT INTO sync_runs (kind, started_at) VALUES (?, ?)').run(
    kind,
    ctx.clock.now(),
  );
  return Number(info.lastInsertRowid);
}

export function finishSyncRun(ctx: StoreContext, id: number, s: SyncRunSummary): void {
  prep(
    ctx,
    `UPDATE sync_runs SET finished_at = ?, sent = ?, failed = ?, conflicts = ?,
         needs_attention = ?, unauthorized = ?, error = ? WHERE id = ?`,
  ).run(
    ctx.clock.now(),
    s.sent,
    s.failed,
    s.conflicts,
    s.needsAttention,
    s.unauthorized ? 1 : 0,
    s.error ?? null,
    id,
  );
}

export function recentSyncRuns(ctx: StoreContext, limit = 20): SyncRunRecord[] {
  return prep<{
    id: number;
    kind: string;
    started_at: number;
    finished_at: number | null;
    sent: number;
    failed: number;
    conflicts: number;
    needs_attention: number;
    unauthorized: number;
    error: string | null;
  }>(ctx, 'SELECT * FROM sync_runs ORDER BY id DESC LIMIT ?')
    .all(limit)
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      sent: r.sent,
      failed: r.failed,
      conflicts: r.conflicts,
      needsAttention: r.needs_attention,
      unauthorized: r.unauthorized === 1,
      error: r.error,
    }));
}
