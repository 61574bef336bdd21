// The seller's "what did Seller Desk send, and what did the marketplace say": the activity log
// read back with filters, and written out as a CSV a spreadsheet opens safely.
import { formatDelimited } from '../../imports/text/delimited';
import { guardFormulaCell } from '../../imports/text/formulaGuard';
import type { ActivitySay } from '../../../contract/rules/refusedFields';
import type { ActivityOutcome } from '../../store';
import { UseCaseFailure } from '../failure';
import type { SellerProfile } from '../profile';

export const activityOutcomes: readonly ActivityOutcome[] = [
  'accepted',
  'refused',
  'unreachable',
  'rate_limited',
];

export interface ActivityListInput {
  /** Entries at or after this time (ms since the epoch). */
  since?: number;
  /** A marketplace id or an offer's name. */
  offer?: string;
  /** Words in the operation, the offers or the message. */
  text?: string;
  outcomes?: ActivityOutcome[];
  /** Newest first; default 1000. */
  limit?: number;
}

export interface ActivityEntry {
  /** ISO 8601, UTC. */
  at: string;
  operation: string;
  offers: string[];
  outcome: ActivityOutcome;
  message: string;
}

export interface ActivityList {
  entries: ActivityEntry[];
}

/** An entry with its answer as a catalogue message where it has one, for the app to say. */
export interface SaidActivityEntry extends ActivityEntry {
  say?: ActivitySay;
}

const DEFAULT_LIMIT = 1000;
const MAX_LIMIT = 50_000;

export function listActivity(profile: SellerProfile, input: ActivityListInput = {}): ActivityList {
  return { entries: rowsOf(profile, input).map(({ say: _say, ...entry }) => entry) };
}

/**
 * The same entries with their messages: the app says those in its language. The command line's
 * `log --json` keeps the English shape above.
 */
export function listActivityWithSay(
  profile: SellerProfile,
  input: ActivityListInput = {},
): { entries: SaidActivityEntry[] } {
  return { entries: rowsOf(profile, input) };
}

function rowsOf(profile: SellerProfile, input: ActivityListInput): SaidActivityEntry[] {
  const limit = input.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new UseCaseFailure('bad_input', `Show between 1 and ${MAX_LIMIT} entries.`, [], {
      say: { key: 'refusals.activity.limit', values: { max: MAX_LIMIT } },
    });
  }
  const rows = profile
    .store()
    .activityLog()
    .list({
      ...(input.since !== undefined && { since: input.since }),
      ...(input.offer && { offer: input.offer.trim() }),
      ...(input.text?.trim() && { text: input.text.trim() }),
      ...(input.outcomes && { outcomes: input.outcomes }),
      limit,
    });
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    operation: r.operation,
    offers: r.offers,
    outcome: r.outcome,
    message: r.message,
    ...(r.say && { say: r.say }),
  }));
}

const OUTCOME_WORDS: Record<ActivityOutcome, string> = {
  accepted: 'Accepted',
  refused: 'Refused',
  unreachable: 'Unreachable',
  rate_limited: 'Rate limited',
};

export function outcomeWords(outcome: ActivityOutcome): string {
  return OUTCOME_WORDS[outcome];
}

export interface ActivityCsv {
  contents: string;
  /** Entries written (the header row aside). */
  rows: number;
}

/** The filtered entries as CSV (CRLF, header row), text cells guarded against formulas. */
export function exportActivityCsv(
  profile: SellerProfile,
  input: ActivityListInput = {},
): ActivityCsv {
  const { entries } = listActivity(profile, { ...input, limit: input.limit ?? MAX_LIMIT });
  const text = (cell: string) => guardFormulaCell(cell, 'text');
  const contents = formatDelimited(
    [
      ['Time', 'Operation', 'Offers', 'Outcome', 'Message'],
      ...entries.map((e) => [
        e.at,
        text(e.operation),
        text(e.offers.join(' ')),
        outcomeWords(e.outcome),
        text(e.message),
      ]),
    ],
    ',',
  );
  return { contents, rows: entries.length };
}

/** `30m`, `12h`, `1d`, `2w` → milliseconds; anything else is refused in the seller's words. */
export function durationMs(text: string): number {
  const match = /^\s*(\d+)\s*([mhdw])\s*$/i.exec(text);
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
  if (!match || Number(match[1]) <= 0) {
    throw new UseCaseFailure(
      'bad_input',
      'Give a time span such as 30m, 12h, 1d or 2w (minutes, hours, days, weeks).',
      [],
      { say: { key: 'refusals.activity.span' } },
    );
  }
  return Number(match[1]) * unit[match[2]!.toLowerCase() as keyof typeof unit];
}
