// The attention count the dock/taskbar badge shows: offers that need the seller (refused or in
// conflict) in every connected profile, from the core's events. Both shells follow it the same
// way: Electron main shows it (electron/main/badge.ts), the browser host records it for tests.
import type { EventName, EventPayload } from '../contract/ipc';

export interface AttentionEvents {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Where the count goes: the OS badge in the app, a list in the browser host. */
export interface BadgePort {
  show(count: number): void;
}

/**
 * The shown profile's count comes with each sync status (fresh after every change); the other
 * profiles' with the profile list. The port hears only changes, starting from 0 (no badge).
 */
export function followAttention(events: AttentionEvents, port: BadgePort): () => void {
  let shown = 0;
  let elsewhere = 0;
  let told = 0;
  const tell = () => {
    const count = shown + elsewhere;
    if (count === told) return;
    told = count;
    port.show(count);
  };
  const offs = [
    events.on('sync.status', (status) => {
      shown = status.needsSeller;
      tell();
    }),
    events.on('profiles.changed', (list) => {
      elsewhere = list.profiles
        .filter((p) => !p.active)
        .reduce((sum, p) => sum + Math.max(0, p.attention), 0);
      tell();
    }),
    events.on('session.changed', (session) => {
      // No profile shown (disconnected): its offers no longer wait for the seller here.
      if (!session.tokenSet) shown = 0;
      tell();
    }),
  ];
  return () => offs.forEach((off) => off());
}
