// The browser host's bridge as the page and the host both speak it (renderer/src/lib/
// hostTransport.ts, electron/host/startHost.ts). The host prints an address whose fragment holds
// a launch secret; the page trades it once at the session path for a session secret, and sends
// that in the secret header with every other bridge request. After the trade the printed address
// opens nothing: a leaked terminal line, shell history or browser history entry is worth nothing.

/** The header that carries a secret: the launch secret to the session path, else the session's. */
export const BRIDGE_SECRET_HEADER = 'x-seller-desk-secret';
/** `#bridge=<launch secret>` in the address the host prints. */
export const BRIDGE_FRAGMENT_PARAM = 'bridge';

export const BRIDGE_PREFIX = '/bridge/';
/** POST with the launch secret: answers `{ ok: true, value: BridgeSession }`, once per launch. */
export const BRIDGE_SESSION_PATH = '/bridge/session';
/** POST `{ input }` to `/bridge/invoke/<channel>`. */
export const BRIDGE_INVOKE_PATH = '/bridge/invoke/';
/** GET: the core's events as Server-Sent Events. */
export const BRIDGE_EVENTS_PATH = '/bridge/events';
/** POST a dropped file's bytes (`x-file-name` names it): answers its staged reference. */
export const BRIDGE_FILES_PATH = '/bridge/files';

export interface BridgeSession {
  /** Goes in BRIDGE_SECRET_HEADER from now on. */
  secret: string;
}
