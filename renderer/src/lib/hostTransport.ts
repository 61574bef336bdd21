// `window.sellerDesk` in a plain browser, over the browser host's loopback bridge
// (electron/host). The host opens the page with a launch secret in the URL fragment (never sent
// in a request line, so it stays out of logs and Referer). The page trades it once for a session
// secret (electron/contract/ipc/protocol.ts), keeps that for this tab, and sends it in a
// header with every bridge request; the printed address opens nothing after that. The token
// itself never comes to the page.
import type { SellerDeskApi, Transport } from '../../../electron/contract/ipc/api';
import { buildApi } from '../../../electron/contract/ipc/api';
import type { EventName } from '../../../electron/contract/ipc/channels';
import type { BridgeSession } from '../../../electron/contract/ipc/protocol';
import {
  BRIDGE_EVENTS_PATH,
  BRIDGE_FILE_NAME_HEADER,
  BRIDGE_FILES_PATH,
  BRIDGE_FRAGMENT_PARAM,
  BRIDGE_INVOKE_PATH,
  BRIDGE_SECRET_HEADER,
  BRIDGE_SESSION_PATH,
} from '../../../electron/contract/ipc/protocol';

/** This tab's session secret, so that a reload keeps its link to the host. */
const SESSION_KEY = 'seller-desk.bridge-session';

const LOST_LINK =
  'This page lost its link to Seller Desk: open the address the host printed last (each opens one tab).';

/** The launch secret from `#bridge=…`, then removed from the address bar and its history entry. */
function takeLaunchSecret(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const secret = params.get(BRIDGE_FRAGMENT_PARAM);
  if (!secret) return null;
  params.delete(BRIDGE_FRAGMENT_PARAM);
  const rest = params.toString();
  const clean = window.location.pathname + window.location.search + (rest ? `#${rest}` : '');
  history.replaceState(history.state, '', clean);
  return secret;
}

/** Trades the launch secret for a session secret; null when the host refuses it. */
async function openSession(launchSecret: string): Promise<string | null> {
  try {
    const response = await fetch(`.${BRIDGE_SESSION_PATH}`, {
      method: 'POST',
      headers: { [BRIDGE_SECRET_HEADER]: launchSecret },
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const result = (await response.json()) as { ok: true; value: BridgeSession } | { ok: false };
    return result.ok ? result.value.secret : null;
  } catch {
    return null;
  }
}

/**
 * The session secret this tab will use: a fresh one from a launch secret in the address, else
 * the one kept for this tab (a reload, or an address already used in this tab); null without.
 */
function sessionSecret(): Promise<string | null> | null {
  const launchSecret = takeLaunchSecret();
  const kept = sessionStorage.getItem(SESSION_KEY);
  if (!launchSecret) return kept ? Promise.resolve(kept) : null;
  return openSession(launchSecret).then((fresh) => {
    if (fresh) sessionStorage.setItem(SESSION_KEY, fresh);
    return fresh ?? kept;
  });
}

type Listener = (payload: unknown) => void;

type SecretHeaders = () => Promise<Record<string, string> | null>;

/** One Server-Sent Events stream for all subscriptions, read with fetch so it can carry the header. */
function createEventStream(secretHeaders: SecretHeaders) {
  const listeners = new Map<EventName, Set<Listener>>();
  let controller: AbortController | null = null;
  let retryMs = 500;

  function deliver(block: string) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (!data.length) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data.join('\n'));
    } catch {
      return;
    }
    for (const listener of listeners.get(event as EventName) ?? []) listener(payload);
  }

  async function run(signal: AbortSignal) {
    const headers = await secretHeaders();
    if (!headers) return;
    while (!signal.aborted) {
      try {
        const response = await fetch(`.${BRIDGE_EVENTS_PATH}`, {
          headers,
          signal,
          cache: 'no-store',
        });
        if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
        retryMs = 500;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n/g, '\n');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            deliver(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        if (signal.aborted) return;
      }
      // The host restarted or the connection dropped: come back, a little slower each time.
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(retryMs * 2, 10_000);
    }
  }

  function ensureRunning() {
    if (controller) return;
    controller = new AbortController();
    void run(controller.signal);
  }

  return {
    subscribe(event: EventName, listener: Listener): () => void {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener);
      ensureRunning();
      return () => {
        set.delete(listener);
        if ([...listeners.values()].every((s) => s.size === 0)) {
          controller?.abort();
          controller = null;
        }
      };
    },
  };
}

/**
 * The API over the bridge (also set as `window.sellerDesk`), or null when this page was not
 * opened by the browser host.
 */
export function createHostApi(): SellerDeskApi | null {
  const session = sessionSecret();
  if (!session) return null;
  const secretHeaders: SecretHeaders = async () => {
    const secret = await session;
    return secret ? { [BRIDGE_SECRET_HEADER]: secret } : null;
  };
  const events = createEventStream(secretHeaders);
  // An address pasted into this tab that differs only in its fragment is not a new page load to
  // the browser: start again, so its launch secret is traded like the first one was.
  window.addEventListener('hashchange', () => {
    if (new URLSearchParams(window.location.hash.slice(1)).has(BRIDGE_FRAGMENT_PARAM)) {
      window.location.reload();
    }
  });

  const transport: Transport = {
    async invoke(channel, input) {
      const headers = await secretHeaders();
      const response = headers
        ? await fetch(`.${BRIDGE_INVOKE_PATH}${encodeURIComponent(channel)}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            // `undefined` does not survive JSON; the host reads a missing `input` as undefined.
            body: JSON.stringify(input === undefined ? {} : { input }),
          })
        : null;
      if (!response || response.status === 403 || response.status === 401) {
        return { ok: false, error: { kind: 'forbidden', message: LOST_LINK } };
      }
      return response.json();
    },
    subscribe: (event, listener) => events.subscribe(event, listener),
    async fileRef(file) {
      const headers = await secretHeaders();
      if (!headers) throw new Error(LOST_LINK);
      const response = await fetch(`.${BRIDGE_FILES_PATH}`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/octet-stream',
          [BRIDGE_FILE_NAME_HEADER]: encodeURIComponent(file.name),
        },
        body: file,
      });
      const result = (await response.json()) as
        { ok: true; value: string } | { ok: false; error: { message: string } };
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    },
  };
  const api = buildApi(transport);
  // The same `window.sellerDesk` the preload gives in Electron (read-only, like contextBridge's).
  if (!window.sellerDesk) {
    Object.defineProperty(window, 'sellerDesk', {
      value: api,
      writable: false,
      configurable: false,
    });
  }
  return api;
}
