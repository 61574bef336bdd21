// Every IPC message is checked for who sent it before its payload is even looked at: it must come
// from the main frame (not an iframe) of one of our own windows, showing a page of our own origin.
// Pure over the few fields it reads, so that a test can forge every kind of wrong sender.

export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
}

export interface IpcSenderLike {
  /** null when the frame navigated away or was destroyed before the message was handled. */
  readonly senderFrame: FrameLike | null;
  readonly sender: { readonly id: number };
}

export interface TrustedSenders {
  /** `webContents.id` of every window we created. */
  isOurWindow(webContentsId: number): boolean;
  /** Our pages' origin as `scheme://host`, e.g. `app://seller-desk`. */
  readonly origin: string;
}

export type SenderVerdict = { trusted: true } | { trusted: false; reason: string };

/**
 * `scheme://host[:port]` of a URL. WHATWG `URL.origin` is "null" for custom schemes like ours,
 * which would make every custom-scheme page look alike, so it is built from the parts instead.
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (!parsed.host) return null;
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

export function checkSender(event: IpcSenderLike, trusted: TrustedSenders): SenderVerdict {
  const frame = event.senderFrame;
  if (!frame) return { trusted: false, reason: 'the sending frame is gone' };
  if (!trusted.isOurWindow(event.sender.id)) {
    return { trusted: false, reason: 'not one of our windows' };
  }
  // A top-level frame has no parent (WebFrameMain objects are not guaranteed to be identical
  // to `sender.mainFrame`, so identity is not used).
  if (frame.parent !== null) return { trusted: false, reason: 'a subframe' };
  if (originOf(frame.url) !== trusted.origin) {
    return { trusted: false, reason: 'a page of another origin' };
  }
  return { trusted: true };
}
