// The seller's answer to a conflict (the offer changed here and on the marketplace): per field,
// or for every field at once, keep mine (sent on the next sync) or theirs (the local change of
// that field is dropped).
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';
import { refusedAs } from './draftRefusal';
import { requireOffer } from './getOffer';

export type ConflictChoice = 'mine' | 'theirs';

export type ResolveConflictInput =
  | { localId: number; field: string; choice: ConflictChoice }
  | { localId: number; all: ConflictChoice };

export interface ResolvedConflicts {
  localId: number;
  /** The fields resolved, in the order shown. */
  fields: string[];
  choice: ConflictChoice;
}

export function resolveConflict(
  profile: SellerProfile,
  input: ResolveConflictInput,
): ResolvedConflicts {
  const choice = 'all' in input ? input.all : input.choice;
  if (choice !== 'mine' && choice !== 'theirs') {
    throw new UseCaseFailure(
      'bad_input',
      'Keep "mine" (this change) or "theirs" (the marketplace).',
      [],
      { say: { key: 'refusals.offers.keepWhich' } },
    );
  }
  const offer = requireOffer(profile, input.localId);
  const open = offer.conflicts.map((c) => c.field);
  let fields: string[];
  if ('all' in input) {
    if (open.length === 0)
      throw new UseCaseFailure('not_found', 'This offer has no conflicts.', [], {
        say: { key: 'refusals.offers.noConflicts' },
      });
    fields = open;
  } else {
    if (!open.includes(input.field)) {
      const which = open.length > 0 ? ` Its conflicts: ${open.join(', ')}.` : '';
      throw new UseCaseFailure(
        'not_found',
        `This offer has no conflict on ${input.field}.${which}`,
        [],
        {
          say:
            open.length > 0
              ? {
                  key: 'refusals.offers.noConflictOnListed',
                  values: { field: input.field, open: open.join(', ') },
                }
              : { key: 'refusals.offers.noConflictOn', values: { field: input.field } },
        },
      );
    }
    fields = [input.field];
  }
  const store = profile.store();
  for (const field of fields) {
    refusedAs('The conflict was not resolved', () =>
      store.resolveConflict(input.localId, field, choice),
    );
  }
  return { localId: input.localId, fields, choice };
}
