// The facade's events, typed by the contract: main forwards them over IPC, the host over SSE.
import type { EventName, EventPayload } from '../../contract/ipc';

type Listener<E extends EventName> = (payload: EventPayload<E>) => void;

export interface EventBus {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  on<E extends EventName>(event: E, listener: Listener<E>): () => void;
}

export function createEventBus(onListenerError: (error: unknown) => void = () => {}): EventBus {
  const listeners = new Map<EventName, Set<Listener<EventName>>>();
  return {
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) {
        try {
          (listener as Listener<typeof event>)(payload);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as Listener<EventName>);
      return () => set.delete(listener as Listener<EventName>);
    },
  };
}
