// The push's first request on an existing offer goes alone (sync guarantee 12).
import type { PushRun } from './pushRun';

/**
 * A refused token stops the push at once (sync guarantee 12): requests on the seller's offers
 * (status, deletes, credentials, links, manage edits) are the ones a token of another seller gets
 * a 403 for (usecases/profiles/sendCheck.ts), so the push's first such request goes alone, and
 * the rest go side by side only once it was answered without stopping the push. Costs one answer's
 * round trip per push; uploads and creates, which name no offer, never wait for it.
 * 'probe': the caller is that first request and must call probeAnswered; 'stop': send nothing.
 */
export async function offerTurn(deps: PushRun): Promise<'probe' | 'go' | 'stop'> {
  for (;;) {
    if (deps.stopped) return 'stop';
    if (deps.offerProbe === 'open') return 'go';
    if (deps.offerProbe === null) {
      let wake!: () => void;
      const answered = new Promise<void>((resolve) => (wake = resolve));
      deps.offerProbe = { answered, wake };
      return 'probe';
    }
    await deps.offerProbe.answered;
  }
}

/** The first request on an offer was answered (deps.stopped already says whether it stopped). */
export function probeAnswered(deps: PushRun): void {
  const probe = deps.offerProbe;
  deps.offerProbe = deps.stopped ? null : 'open';
  if (probe && probe !== 'open') probe.wake();
}
