// `screenshots add --offer ID PATH_OR_URL…` and `screenshots remove --offer ID URL`. Files are
// checked by their bytes and copied into the data folder (so moving the original later does not
// lose the queued upload); links are sent to the marketplace's attach-from-links. All or nothing:
// one refused item and nothing is queued.
import { rm } from 'node:fs/promises';
import { prepareScreenshotAdd } from '../../core/screenshots';
import { DraftRejected, QUEUED_SCREENSHOT_PREFIX } from '../../core/store';
import { CliError } from '../cliError';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { offerLabel, resolveOfferRef } from '../offerRefs';

const isLink = (item: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(item);

function refusedDraft(error: unknown): never {
  if (error instanceof DraftRejected) {
    throw new CliError(
      'bad_input',
      error.message,
      error.problems.map((p) => ({ column: p.field, reason: p.message })),
    );
  }
  throw error;
}

const addScreenshots: CommandHandler = async (ctx, call) => {
  const store = ctx.profile().store();
  const localId = resolveOfferRef(store, String(call.options.offer));
  const offer = store.getOffer(localId)!;
  const existing = offer.fields.screenshots?.length ?? 0;
  const prepared = await prepareScreenshotAdd({
    existing,
    files: call.args.filter((a) => !isLink(a)),
    urls: call.args.filter(isLink),
    dataDir: ctx.dataDir,
  });
  if (prepared.refused.length > 0) {
    await Promise.all(prepared.files.map((f) => rm(f.stagedPath, { force: true })));
    throw new CliError(
      'bad_input',
      `${prepared.refused.length} screenshot(s) refused; nothing was queued.`,
      prepared.refused.map((r) => ({ column: r.item, reason: r.reason })),
    );
  }
  try {
    store.db
      .transaction(() => {
        if (prepared.files.length) {
          store.queueScreenshotFiles(
            localId,
            prepared.files.map((f) => f.stagedPath),
          );
        }
        if (prepared.urls.length) store.queueScreenshotUrls(localId, prepared.urls);
      })
      .immediate();
  } catch (error) {
    await Promise.all(prepared.files.map((f) => rm(f.stagedPath, { force: true })));
    refusedDraft(error);
  }
  const id = offerLabel(offer);
  return {
    data: {
      offer: id,
      files: prepared.files.map((f) => ({ name: f.name, kind: f.kind, bytes: f.bytes })),
      urls: prepared.urls,
    },
    human:
      `Queued for offer ${id}: ${prepared.files.length} file(s), ${prepared.urls.length} link(s). ` +
      'Run `seller-desk push` to send them.',
    exitCode: ExitCode.Done,
  };
};

const removeScreenshot: CommandHandler = async (ctx, call) => {
  const store = ctx.profile().store();
  const localId = resolveOfferRef(store, String(call.options.offer));
  const offer = store.getOffer(localId)!;
  const url = call.args[0]!;
  const current = offer.fields.screenshots ?? [];
  const id = offerLabel(offer);
  // The marketplace may answer a stored path or its full URL; accept either spelling.
  const match = current.find((s) => s === url || url.endsWith(s) || s.endsWith(url));
  if (!match) {
    throw new CliError(
      'bad_input',
      `Offer ${id} has no screenshot ${url}. Its screenshots: ${
        current.filter((s) => !s.startsWith(QUEUED_SCREENSHOT_PREFIX)).join(', ') || 'none'
      }.`,
    );
  }
  try {
    store.detachScreenshot(localId, match);
  } catch (error) {
    refusedDraft(error);
  }
  return {
    data: { offer: id, removed: match },
    human: `Queued: remove ${match} from offer ${id}. Run \`seller-desk push\` to send it.`,
    exitCode: ExitCode.Done,
  };
};

export const screenshotCommands: Record<string, CommandHandler> = {
  'screenshots add': addScreenshots,
  'screenshots remove': removeScreenshot,
};
