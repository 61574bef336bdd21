// Consequences before a bulk change, and undo: thin adapters over the offers use cases
// (previewChange, undoLastStep).
import type { Handlers } from '../../../contract/ipc';
import type { Locale } from '../../../contract/i18n';
import { lastUndoStep, previewChange, undoLabelIn, undoLastStepIn } from '../../usecases/offers';
import type { AppContext } from '../context';

type ChangeHandlers = Pick<Handlers, 'offers.preview' | 'undo.last' | 'undo.undo'>;

/** `locale`: the app's language, which the preview's words and undo's labels are said in. */
export function changeHandlers(ctx: AppContext, locale: () => Locale = () => 'en'): ChangeHandlers {
  return {
    async 'offers.preview'({ localIds, change }) {
      return previewChange(ctx.seller(), { offers: { localIds }, change, locale: locale() });
    },
    async 'undo.last'() {
      const step = ctx.currentProfile() ? lastUndoStep(ctx.seller()) : null;
      return step && { label: undoLabelIn(step.label, locale(), step.say), offers: step.offers };
    },
    async 'undo.undo'() {
      const undone = undoLastStepIn(ctx.seller(), locale());
      // The offers and what waits to be sent changed (the badge follows); nothing new to send.
      ctx.changed(null);
      return undone;
    },
  };
}
