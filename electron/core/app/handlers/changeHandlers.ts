// Consequences before a bulk change, and undo: thin adapters over the offers use cases
// (previewChange, undoLastStep).
import type { Handlers } from '../../../contract/ipc';
import { lastUndoStep, previewChange, undoLastStep } from '../../usecases/offers';
import type { AppContext } from '../context';

type ChangeHandlers = Pick<Handlers, 'offers.preview' | 'undo.last' | 'undo.undo'>;

export function changeHandlers(ctx: AppContext): ChangeHandlers {
  return {
    async 'offers.preview'({ localIds, change }) {
      return previewChange(ctx.seller(), { offers: { localIds }, change });
    },
    async 'undo.last'() {
      const step = ctx.currentProfile() ? lastUndoStep(ctx.seller()) : null;
      return step && { label: step.label, offers: step.offers };
    },
    async 'undo.undo'() {
      const undone = undoLastStep(ctx.seller());
      // The offers and what waits to be sent changed (the badge follows); nothing new to send.
      ctx.changed(null);
      return undone;
    },
  };
}
