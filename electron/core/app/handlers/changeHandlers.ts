// Consequences before a bulk change, and undo: thin adapters over the offers use cases
// (previewChange, undoLastStep). An undo changes offers but queues nothing, so it tells the
// renderer without scheduling a sync.
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
      ctx.bus.emit('offers.changed', { localIds: null });
      return undone;
    },
  };
}
