// The offers view as the seller left it (filters, search, sort, visible columns), kept in the
// seller profile's own file so that each profile reopens as its seller left it.
import {
  defaultOffersViewPreferences,
  offerOptionalColumns,
  offersViewPreferencesSchema,
  type OffersViewPreferences,
} from '../../../contract/ipc/models';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

const VIEW = 'offers';

/** A first start: everything shown, newest change first. */
export { defaultOffersViewPreferences };

/**
 * The remembered view; the defaults when nothing was saved, and in place of anything that no
 * longer reads (a file written by an older or newer app), since a lost preference costs little.
 */
export function offersViewPreferences(profile: SellerProfile): OffersViewPreferences {
  const saved = offersViewPreferencesSchema.safeParse(profile.store().viewPreferences(VIEW));
  return saved.success ? saved.data : { ...defaultOffersViewPreferences };
}

export function saveOffersViewPreferences(
  profile: SellerProfile,
  input: OffersViewPreferences,
): OffersViewPreferences {
  const checked = offersViewPreferencesSchema.safeParse(input);
  if (!checked.success) {
    throw new UseCaseFailure(
      'bad_input',
      'These view settings cannot be kept: they do not read.',
      [],
      {
        say: { key: 'refusals.offers.viewUnreadable' },
      },
    );
  }
  const columns = offerOptionalColumns.filter((c) => checked.data.columns.includes(c));
  const kept = { ...checked.data, text: checked.data.text.trim(), columns };
  profile.store().saveViewPreferences(VIEW, kept);
  return kept;
}
