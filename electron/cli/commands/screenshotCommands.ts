// `screenshots add --offer ID PATH_OR_URL…` and `screenshots remove --offer ID URL`, over the use
// cases the app shares (core/usecases/screenshots). All or nothing here: one refused item and
// nothing is queued, so a script never half-succeeds.
import { addScreenshots, removeScreenshot } from '../../core/usecases/screenshots';
import { requireOffer } from '../../core/usecases/offers';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { offerLabel, resolveOfferRef } from '../offerRefs';

const isLink = (item: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(item);

const addScreenshotsCommand: CommandHandler = async (ctx, call) => {
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, String(call.options.offer));
  const outcome = await addScreenshots(seller, {
    localId,
    files: call.args.filter((a) => !isLink(a)),
    urls: call.args.filter(isLink),
    allOrNothing: true,
    anyway: call.options.anyway === true,
  });
  const id = offerLabel(requireOffer(seller, localId));
  return {
    data: { offer: id, files: outcome.files, urls: outcome.urls },
    human:
      `Queued for offer ${id}: ${outcome.files.length} file(s), ${outcome.urls.length} link(s). ` +
      'Run `seller-desk push` to send them.',
    exitCode: ExitCode.Done,
  };
};

const removeScreenshotCommand: CommandHandler = async (ctx, call) => {
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, String(call.options.offer));
  const { removed, already } = removeScreenshot(seller, { localId, screenshot: call.args[0]! });
  const id = offerLabel(requireOffer(seller, localId));
  return {
    data: { offer: id, removed, already },
    human: already
      ? `Already queued: remove ${removed} from offer ${id}; nothing more was queued.`
      : `Queued: remove ${removed} from offer ${id}. Run \`seller-desk push\` to send it.`,
    exitCode: ExitCode.Done,
  };
};

export const screenshotCommands: Record<string, CommandHandler> = {
  'screenshots add': addScreenshotsCommand,
  'screenshots remove': removeScreenshotCommand,
};
