// The exit codes a script around `seller-desk` can rely on (README, "Command line"). They say
// what the seller or the script should do next, not which part of the program failed.

export const ExitCode = {
  /** Done, and nothing is waiting to be sent. */
  Done: 0,
  /** Something unexpected; the message says what. */
  Failed: 1,
  /** Usage or input error (a bad file names its line and column); nothing was queued or sent. */
  BadInput: 2,
  /** Done, but some offers need the seller (validation, conflict, refused by the marketplace). */
  NeedsAttention: 3,
  /** The marketplace refused the token, or it is malformed and was never sent. */
  Unauthorized: 4,
  /**
   * The marketplace could not be reached, or did not answer sensibly (5xx, 429 after every retry,
   * an answer that is not the API's); every queued change is kept for the next run.
   */
  Unreachable: 5,
  /** Interrupted (Ctrl-C); what was queued stays queued. */
  Interrupted: 130,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
