// Screenshots added to an offer: each file checked by its bytes and copied into the data folder
// (moving the original later loses nothing), each link normalised, all within the cap, then
// queued for the sync to upload and attach in order once the offer exists.
import type { ProblemSay } from '../../../contract/rules/problems';
import { rm } from 'node:fs/promises';
import {
  prepareScreenshotAdd,
  type ScreenshotKind,
  type StagedScreenshotFile,
} from '../../screenshots';
import { requireOffer } from '../offers/getOffer';
import { UseCaseFailure, toFailure } from '../failure';
import { profileFilesDir } from '../paths';
import { refusedLinkDomains } from './linkDomains';
import type { SellerProfile } from '../profile';

export interface AddScreenshotsInput {
  localId: number;
  /** Image files on this computer. */
  files: readonly string[];
  /** Links as typed or pasted; one item may hold several. */
  urls: readonly string[];
  /**
   * One refused item and nothing is queued (a script wants all or nothing); otherwise the
   * accepted ones are queued and the refusals reported (a drop onto the offer).
   */
  allOrNothing: boolean;
  /**
   * Links from a domain the marketplace refused before are added all the same (the seller saw
   * the warning and chose to). Without it such links refuse the whole add, nothing queued.
   */
  anyway?: boolean;
}

export interface ScreenshotRefused {
  /** The file name or link, as given. */
  item: string;
  reason: string;
  /** The reason as a catalogue message, for the app; `reason` is the command line's English. */
  say?: ProblemSay;
}

export interface AddScreenshotsOutcome {
  localId: number;
  files: { name: string; kind: ScreenshotKind; bytes: number }[];
  urls: string[];
  /** Files and links queued. */
  accepted: number;
  refused: ScreenshotRefused[];
  /**
   * Sites the marketplace refused links from before, when the add stopped to ask (the app);
   * nothing was queued. Empty when the add went ahead.
   */
  refusedDomains: string[];
}

async function unstage(files: readonly StagedScreenshotFile[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.stagedPath, { force: true })));
}

export async function addScreenshots(
  profile: SellerProfile,
  input: AddScreenshotsInput,
): Promise<AddScreenshotsOutcome> {
  const offer = requireOffer(profile, input.localId);
  const warned = input.anyway ? [] : refusedLinkDomains(profile, input.urls);
  if (warned.length > 0 && !input.allOrNothing) {
    // The app asks first: nothing queued until the seller chooses to add them anyway.
    return {
      localId: input.localId,
      files: [],
      urls: [],
      accepted: 0,
      refused: [],
      refusedDomains: warned.map((w) => w.domain),
    };
  }
  if (warned.length > 0) {
    const domain = warned.map((w) => w.domain).join(', ');
    throw new UseCaseFailure(
      'bad_input',
      `The marketplace refused links from ${domain} before. It takes links only from sites its ` +
        `support has approved for your shop; ask the marketplace's support to approve ${domain}. ` +
        'Nothing was queued.',
      warned.flatMap((w) =>
        w.urls.map((url) => ({ field: url, message: `${w.domain} was refused before` })),
      ),
      { say: { key: 'screenshots.domainRefused.warning', values: { domain } } },
    );
  }
  const prepared = await prepareScreenshotAdd({
    existing: offer.fields.screenshots?.length ?? 0,
    files: input.files,
    urls: input.urls,
    // Staged in the profile's own folder: removed with it, never in another seller's queue.
    dataDir: profileFilesDir(profile.file),
  });
  if (prepared.refused.length > 0 && input.allOrNothing) {
    await unstage(prepared.files);
    throw new UseCaseFailure(
      'bad_input',
      `${prepared.refused.length} screenshot(s) refused; nothing was queued.`,
      prepared.refused.map((r) => ({ field: r.item, message: r.reason })),
      { say: { key: 'refusals.screenshots.refused', values: { count: prepared.refused.length } } },
    );
  }
  try {
    profile.store().queueScreenshots(input.localId, {
      files: prepared.files.map((f) => f.stagedPath),
      urls: prepared.urls,
    });
  } catch (error) {
    await unstage(prepared.files);
    // A refused draft is told as every other core error is: `bad_input`, by field.
    throw toFailure(error);
  }
  return {
    localId: input.localId,
    files: prepared.files.map(({ name, kind, bytes }) => ({ name, kind, bytes })),
    urls: prepared.urls,
    accepted: prepared.files.length + prepared.urls.length,
    refused: prepared.refused,
    refusedDomains: [],
  };
}
