// The names the two transports of `window.sellerDesk` speak on the wire, defined once for both
// ends of each: Electron IPC (electron/preload ↔ electron/main) and the browser host's loopback
// bridge (renderer/src/lib/hostTransport.ts ↔ electron/host/startHost.ts). A name spelled here
// and nowhere else cannot drift between the sender and the listener.

// ── Electron IPC ────────────────────────────────────────────────────────────────────────────

// The contract's channels are `IPC_PREFIX` + their name (channels.ts, beside the map they name).

/**
 * Not a contract channel (another prefix, so it is never in the page's API): the preload reports
 * a file the seller dropped, right after `webUtils.getPathForFile`, and main grants that path
 * (electron/main/fileRefs.ts).
 */
export const FILE_GRANT_CHANNEL = 'seller-desk-private:grant-file';

// ── The browser host's bridge ───────────────────────────────────────────────────────────────
// The host prints an address whose fragment holds a launch secret; the page trades it once at
// the session path for a session secret, and sends that in the secret header with every other
// bridge request. After the trade the printed address opens nothing: a leaked terminal line,
// shell history or browser history entry is worth nothing.

/** The header that carries a secret: the launch secret to the session path, else the session's. */
export const BRIDGE_SECRET_HEADER = 'x-seller-desk-secret';
/** `#bridge=<launch secret>` in the address the host prints. */
export const BRIDGE_FRAGMENT_PARAM = 'bridge';

export const BRIDGE_PREFIX = '/bridge/';
/** POST with the launch secret: answers `{ ok: true, value: BridgeSession }`, once per launch. */
export const BRIDGE_SESSION_PATH = `${BRIDGE_PREFIX}session`;
/** POST `{ input }` to `/bridge/invoke/<channel>`. */
export const BRIDGE_INVOKE_PATH = `${BRIDGE_PREFIX}invoke/`;
/** GET: the core's events as Server-Sent Events. */
export const BRIDGE_EVENTS_PATH = `${BRIDGE_PREFIX}events`;
/** POST a dropped file's bytes (BRIDGE_FILE_NAME_HEADER names it): answers its staged reference. */
export const BRIDGE_FILES_PATH = `${BRIDGE_PREFIX}files`;
/** The dropped file's name, percent-encoded (a header value is Latin-1 only). */
export const BRIDGE_FILE_NAME_HEADER = 'x-file-name';

export interface BridgeSession {
  /** Goes in BRIDGE_SECRET_HEADER from now on. */
  secret: string;
}
