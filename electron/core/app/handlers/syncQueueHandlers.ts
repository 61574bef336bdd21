// The Sync view's queue: what the next sync sends, per offer, with what it will do.
import type { Handlers } from '../../../contract/ipc';
import { sendQueue } from '../../usecases/sync';
import type { AppContext } from '../context';

export function syncQueueHandlers(ctx: AppContext): Pick<Handlers, 'sync.queue'> {
  return {
    async 'sync.queue'(page) {
      return sendQueue(ctx.seller(), page ?? {});
    },
  };
}
