// A change applied to each of several offers: one refused offer does not stop the rest, and each
// refusal says which offer and why. Thousands of offers are changed a chunk at a time
// (core/util/chunkedJob.ts), each chunk one transaction of the same undo step, so the seller's
// other calls are answered in between; cancelled, the change stops between chunks and undo
// covers what was applied.
import { runInChunks, type JobControl } from '../../util/chunkedJob';
import type { BulkWrite, StepLabel } from '../../store';
import type { SellerProfile } from '../profile';
import { storedOfferName } from './offerName';
import { refusalProblems, type RefusedOffer } from './refusals';

export interface BulkOutcome {
  changed: number;
  /** The offers changed, in the order asked. */
  changedIds: number[];
  refused: RefusedOffer[];
  /** Stopped by the seller before the end: what was changed stays, as one undoable step. */
  cancelled?: boolean;
}

/** A chunk's work: the offers it changed and those it left out, each with the reason. */
export interface ChunkOutcome {
  changedIds: number[];
  refused: { localId: number; error: unknown }[];
}

/**
 * Applies `applyChunk` to the offers a chunk at a time, as one undoable step labelled
 * `label(changed)`. An offer left out carries a refusal (validation, a rule); any other error
 * stops the change (what earlier chunks did stays, undoable).
 */
export async function inUndoableChunks(
  profile: SellerProfile,
  localIds: readonly number[],
  label: (changed: number) => StepLabel,
  applyChunk: (chunk: readonly number[]) => ChunkOutcome,
  job: JobControl = {},
): Promise<BulkOutcome> {
  const store = profile.store();
  const changedIds: number[] = [];
  const refused: RefusedOffer[] = [];
  const step = store.undoSteps().inChunks(label);
  try {
    const run = await runInChunks(
      localIds,
      (chunk) => {
        // Inside the chunk's transaction: an error that is not a refusal undoes the chunk.
        const done = step.chunk(
          chunk,
          () => {
            const outcome = applyChunk(chunk);
            const at = new Map(chunk.map((id, i) => [id, i]));
            // In the order asked, whichever part of the work left the offer out.
            const left = [...outcome.refused].sort(
              (x, y) => at.get(x.localId)! - at.get(y.localId)!,
            );
            const named = left.map(({ localId, error }): RefusedOffer => {
              const problems = refusalProblems(error);
              if (!problems) throw error;
              return { localId, offer: storedOfferName(store, localId), problems };
            });
            return { changedIds: outcome.changedIds, named };
          },
          (outcome) => outcome.changedIds,
        );
        changedIds.push(...done.changedIds);
        refused.push(...done.named);
      },
      { ...job, ...chunkSizing(localIds.length), between: () => step.settle() },
    );
    return {
      changed: changedIds.length,
      changedIds,
      refused,
      ...(run.cancelled && { cancelled: true }),
    };
  } finally {
    step.end();
  }
}

/**
 * A big job at SQLite speed: ≈ 10 ms a chunk on an idle machine (a bulk row costs some 40–70 µs),
 * never so few offers that a chunk's commit and snapshot queries outweigh its rows. From
 * BIG_JOB offers on, about 25 ms a chunk and at least 384 offers, so the seller's queries wait at
 * most one such chunk.
 * Not fewer: each commit writes every list-index page its rows touched, scattered over the
 * indexes a change moves (a discard of a price and status change moves 18), and at 100k a discard
 * in chunks of 300 took ~9.3–9.9 s of CPU against ~7.1–7.8 in chunks of 1000 (price and status
 * changes, moving 7 and 12, cost the same either way within the noise). On a loaded machine the
 * clock alone would shrink chunks to the floor and the commits would cost more still.
 */
const BIG_JOB = 20_000;
export function chunkSizing(offers: number) {
  return offers >= BIG_JOB
    ? { budgetMs: 25, firstChunk: 384, minChunk: 384 }
    : { budgetMs: 10, firstChunk: 128, minChunk: 128 };
}

/** Sorts a store's bulk writes into changed and refused; `done` hears each one done. */
export function sortWrites<T>(
  writes: readonly BulkWrite<T>[],
  outcome: ChunkOutcome,
  done?: (localId: number, value: T) => void,
): ChunkOutcome {
  for (const write of writes) {
    if ('error' in write) {
      outcome.refused.push({ localId: write.localId, error: write.error });
    } else {
      outcome.changedIds.push(write.localId);
      done?.(write.localId, write.done);
    }
  }
  return outcome;
}

/** The same, for a few offers at once and outside any undo step (retry, dismiss a refusal). */
export function eachOfferNow(
  profile: SellerProfile,
  localIds: readonly number[],
  change: (localId: number) => void,
): BulkOutcome {
  const store = profile.store();
  const changedIds: number[] = [];
  const refused: RefusedOffer[] = [];
  for (const localId of localIds) {
    try {
      change(localId);
      changedIds.push(localId);
    } catch (error) {
      const problems = refusalProblems(error);
      if (!problems) throw error;
      refused.push({ localId, offer: storedOfferName(store, localId), problems });
    }
  }
  return { changed: changedIds.length, changedIds, refused };
}
