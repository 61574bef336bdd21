// Asking the marketplace for a status (Draft, Active, Not Active, On Review) on several offers:
// each change is queued for the next sync, as one undoable step; an offer already in that status
// is left out. Where we only expect the marketplace to refuse (a sold offer, one that needs
// details, an account offer without a screenshot going to review: the API document does not
// say), the change is queued and the expectation is returned for the front to tell.
import { statusName } from '../../../contract/rules';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import type { JobControl } from '../../util/chunkedJob';
import { inUndoableChunks, sortWrites, type BulkOutcome, type ChunkOutcome } from './bulk';
import { offersCount } from './changePrice';
import { offerReader, planStatus } from './consequences';
import { checkChange } from './previewChange';
import { selectedOffers, type OfferSelection } from './selection';

export interface SetStatusInput {
  offers: OfferSelection;
  status: number;
}

export interface StatusOutcome extends BulkOutcome {
  /** Offers that already have the status: nothing queued, and nothing wrong either. */
  unchanged: { localId: number; offer: string }[];
  /**
   * Queued offers we expect the marketplace to refuse (an assumption where the API document is
   * silent): sent anyway, the marketplace decides; the reason is said to the seller.
   */
  expected: { localId: number; offer: string; reason: string }[];
}

export async function setStatus(
  profile: SellerProfile,
  input: SetStatusInput,
  job: JobControl = {},
): Promise<StatusOutcome> {
  checkChange({ kind: 'status', status: input.status });
  const store = profile.store();
  const ids = selectedOffers(profile, input.offers);
  const read = offerReader(profile);
  const unchanged: StatusOutcome['unchanged'] = [];
  const expected: StatusOutcome['expected'] = [];
  const outcome = await inUndoableChunks(
    profile,
    ids,
    // The English the CLI prints, and its catalogue message for the app's undo (store/undoSteps).
    (changed) => ({
      text: `Status ${statusName(input.status)} on ${offersCount(changed)}`,
      say: { key: 'undo.step.status', values: { status: input.status, count: changed } },
    }),
    (chunk) => {
      read.prefetch(chunk);
      const done: ChunkOutcome = { changedIds: [], refused: [] };
      const going: number[] = [];
      const expecting = new Map<number, { offer: string; reason: string }>();
      for (const localId of chunk) {
        const plan = planStatus(read, localId, input.status);
        if (plan.kind === 'left_out' && plan.already) {
          unchanged.push({ localId, offer: plan.offer });
        } else if (plan.kind === 'left_out') {
          done.refused.push({
            localId,
            // The app says the reason in its language (plan.say); the command line prints it.
            error: new UseCaseFailure(
              'bad_input',
              plan.reason,
              [{ field: 'status', message: plan.reason, ...(plan.say && { say: plan.say }) }],
              plan.say ? { say: plan.say } : {},
            ),
          });
        } else {
          going.push(localId);
          if (plan.expected) expecting.set(localId, { offer: plan.offer, reason: plan.expected });
        }
      }
      return sortWrites(
        store.bulkChanges().changeStatuses(going, input.status),
        done,
        (localId) => {
          const expectation = expecting.get(localId);
          if (expectation) expected.push({ localId, ...expectation });
        },
      );
    },
    job,
  );
  return { ...outcome, unchanged, expected };
}
