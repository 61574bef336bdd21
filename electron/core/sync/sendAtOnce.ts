// Several requests of one push in flight at once. The limiter, not this, keeps them inside the
// windows; running them side by side only removes the gaps a request-after-answer loop leaves
// (each answer's round trip and store write) once a window opens. A failure that stops the push
// (a refused token, a cancel) stops every lane: nothing new starts, what is in flight finishes
// and is recorded, then the failure is thrown.

/** Shared by the lanes of one round: the first failure that must stop the push. */
export interface Round {
  stopped: { error: unknown } | null;
}

export function newRound(): Round {
  return { stopped: null };
}

/** `run` over `items`, at most `lanes` at a time, in order of start; never rejects. */
export async function eachAtOnce<T>(
  round: Round,
  items: readonly T[],
  lanes: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (round.stopped === null && next < items.length) {
      const item = items[next++]!;
      try {
        await run(item);
      } catch (error) {
        round.stopped ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
}

/** After every lane of the round ended: the failure that stopped it, if any. */
export function throwIfStopped(round: Round): void {
  if (round.stopped) throw round.stopped.error;
}
