// `window.sellerDesk` in a plain browser, over the browser host's loopback bridge
// (electron/host). The host opens the page with a random secret in the URL fragment (never sent
// in a request line, so it stays out of logs and Referer); the page keeps it for this tab and
// sends it in a header with every bridge request. The token itself never comes to the page.
import type { SellerDeskApi, Transport } from '../../../electron/contract/ipc/api';
import { buildApi } from '../../../electron/contract/ipc/api';
import type { EventName } from '../../../electron/contract/ipc/channels';

export const SECRET_HEADER = 'x-seller-desk-secret';
const SECRET_PARAM = 'bridge';
const STORAGE_KEY = 'seller-desk.bridge';

/** The secret from `#bridge=…` (then removed from the address bar) or from this tab's storage. */
function takeSecret(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const fromUrl = params.get(SECRET_PARAM);
  if (fromUrl) {
    sessionStorage.setItem(STORAGE_KEY, fromUrl);
    params.delete(SECRET_PARAM);
    const rest = params.toString();
    const clean = window.location.pathname + window.location.search + (rest ? `#${rest}` : '');
    history.replaceState(history.state, '', clean);
    return fromUrl;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}

type Listener = (payload: unknown) => void;

/** One Server-Sent Events stream for all subscriptions, read with fetch so it can carry the header. */
function createEventStream(headers: Record<string, string>) {
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
    while (!signal.aborted) {
      try {
        const response = await fetch('./bridge/events', { headers, signal, cache: 'no-store' });
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
  const secret = takeSecret();
  if (!secret) return null;
  const headers = { [SECRET_HEADER]: secret };
  const events = createEventStream(headers);

  const transport: Transport = {
    async invoke(channel, input) {
      const response = await fetch(`./bridge/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        // `undefined` does not survive JSON; the host reads a missing `input` as undefined.
        body: JSON.stringify(input === undefined ? {} : { input }),
      });
      if (response.status === 403 || response.status === 401) {
        return {
          ok: false,
          error: {
            kind: 'forbidden',
            message: 'This page lost its link to Seller Desk: open the address the host printed.',
          },
        };
      }
      return response.json();
    },
    subscribe: (event, listener) => events.subscribe(event, listener),
    async fileRef(file) {
      const response = await fetch('./bridge/files', {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/octet-stream',
          'x-file-name': encodeURIComponent(file.name),
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
