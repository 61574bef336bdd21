// `window.sellerDesk`: named methods built from the channel map, the same object whether the
// transport is Electron IPC (preload) or the browser host's loopback bridge.
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from './channels';
import { channelNames, eventNames } from './channels';
import type { Result } from './result';

type Split<S extends string> = S extends `${infer NS}.${infer M}` ? [NS, M] : never;
type Namespaces = Split<ChannelName>[0];
type MethodsOf<NS extends string> = {
  [
    C in ChannelName as Split<C>[0] extends NS ? Split<C>[1] : never
  ]: undefined extends ChannelInput<C>
    ? (input?: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>
    : (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>;
};

export type SellerDeskApi = { [NS in Namespaces]: MethodsOf<NS> } & {
  /** Subscribe to an event from main; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** A dropped or picked `File` as a reference main can open (a path it checks again). */
  fileRef(file: File): Promise<string>;
};

export interface Transport {
  invoke(channel: ChannelName, input: unknown): Promise<unknown>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
  fileRef(file: File): Promise<string>;
}

/** Builds the API from a transport; only the contract's channels and events exist on it. */
export function buildApi(transport: Transport): SellerDeskApi {
  const api: Record<string, unknown> = {};
  for (const name of channelNames) {
    const [ns, method] = name.split('.') as [string, string];
    const group = (api[ns] ??= {}) as Record<string, unknown>;
    group[method] = (input?: unknown) => transport.invoke(name, input);
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!eventNames.includes(event)) throw new Error(`Unknown event ${String(event)}`);
    return transport.subscribe(event, listener);
  };
  api.fileRef = (file: File) => transport.fileRef(file);
  return api as unknown as SellerDeskApi;
}
