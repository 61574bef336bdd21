// `credentials unsure send-again|drop`: the seller's choice for accounts that may already be on
// sale (an add_batch whose answer was lost, and a buyer bought from the offer since), over the
// use cases the app shares (core/usecases/stock/uncertain.ts).
import {
  dropUncertainAccounts,
  sendUncertainAgain,
  type UncertainAccounts,
} from '../../core/usecases/stock';
import { requireOffer } from '../../core/usecases/offers';
import type { CommandHandler } from '../commandTypes';
import { ExitCode } from '../exitCodes';
import { offerLabel, resolveOfferRef } from '../offerRefs';

const accountsWord = (n: number) => `${n} account${n === 1 ? '' : 's'}`;

/** The line `stock` and `status` print for such an offer: what happened, and both ways out. */
export function unsureLine(u: UncertainAccounts): string {
  const id = offerLabel({ serverId: u.id, localId: u.localId });
  return (
    `Offer ${id} "${u.title}": ${accountsWord(u.accounts)} may already be on sale (the answer was lost and a buyer bought since). ` +
    `Send again: seller-desk credentials unsure send-again --offer ${id}; drop: seller-desk credentials unsure drop --offer ${id}`
  );
}

const sendAgain: CommandHandler = async (ctx, call) => {
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, String(call.options.offer));
  const { accounts } = sendUncertainAgain(seller, localId);
  const id = offerLabel(requireOffer(seller, localId));
  return {
    data: { offer: id, accounts, choice: 'send-again' },
    human: `${accountsWord(accounts)} of offer ${id} go again at the next push (the marketplace skips those it already has).`,
    exitCode: ExitCode.Done,
  };
};

const drop: CommandHandler = async (ctx, call) => {
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, String(call.options.offer));
  const { accounts } = dropUncertainAccounts(seller, localId);
  const id = offerLabel(requireOffer(seller, localId));
  return {
    data: { offer: id, accounts, choice: 'drop' },
    human: `${accountsWord(accounts)} of offer ${id} dropped: never sent from here again.`,
    exitCode: ExitCode.Done,
  };
};

export const unsureCommands: Record<string, CommandHandler> = {
  'credentials unsure send-again': sendAgain,
  'credentials unsure drop': drop,
};
