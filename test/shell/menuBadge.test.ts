// The attention badge beside the menu: the count from the core's events (the shown profile's sync
// status plus the other profiles' attention), and where each platform shows it (the dock/launcher
// number on macOS and Linux, a taskbar overlay on Windows).
import { describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../electron/contract/ipc';
import { electronBadge } from '../../electron/main/badge';
import { followAttention, type AttentionEvents } from '../../electron/shell/attentionBadge';

function eventSource() {
  const listeners = new Map<string, ((payload: never) => void)[]>();
  const events: AttentionEvents = {
    on(event, listener) {
      const list = listeners.get(event) ?? [];
      list.push(listener as (payload: never) => void);
      listeners.set(event, list);
      return () =>
        listeners.set(
          event,
          (listeners.get(event) ?? []).filter((l) => l !== listener),
        );
    },
  };
  const emit = <E extends EventName>(event: E, payload: Partial<EventPayload<E>>) =>
    (listeners.get(event) ?? []).forEach((l) => l(payload as never));
  return { events, emit };
}

const profile = (name: string, attention: number, active: boolean) => ({
  id: name,
  name,
  sellerId: 1,
  connection: 'online' as const,
  reason: null,
  countdown: null,
  attention,
  toSend: 0,
  active,
});

describe('the attention count', () => {
  it("adds the other profiles' offers that need the seller to the shown one's, telling only changes", () => {
    const { events, emit } = eventSource();
    const shown: number[] = [];
    const stop = followAttention(events, { show: (count) => shown.push(count) });
    emit('sync.status', { needsSeller: 2 });
    emit('sync.status', { needsSeller: 2 });
    emit('profiles.changed', {
      profiles: [profile('shop', 2, true), profile('other', 3, false)],
    });
    emit('sync.status', { needsSeller: 0 });
    emit('session.changed', { tokenSet: false });
    emit('profiles.changed', { profiles: [profile('other', 0, false)] });
    expect(shown).toEqual([2, 5, 3, 0]);
    stop();
    emit('sync.status', { needsSeller: 9 });
    expect(shown).toEqual([2, 5, 3, 0]);
  });
});

describe("the badge on the app's icon", () => {
  it('is the dock or launcher number on macOS and Linux', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      const counts: (number | undefined)[] = [];
      const badge = electronBadge({
        platform,
        app: { setBadgeCount: (count) => (counts.push(count), true) },
        window: () => null,
        overlay: () => 'dot',
        describe: (count) => `${count}`,
      });
      badge.show(4);
      badge.show(0);
      expect(counts).toEqual([4, 0]);
    }
  });

  it('is a red dot over the taskbar button on Windows, said in words, and gone at 0', () => {
    const overlays: [string | null, string][] = [];
    let destroyed = false;
    const badge = electronBadge({
      platform: 'win32',
      app: {
        setBadgeCount: () => {
          throw new Error('Windows has no numeric badge');
        },
      },
      window: () => ({
        isDestroyed: () => destroyed,
        setOverlayIcon: (icon: string | null, text: string) => overlays.push([icon, text]),
      }),
      overlay: () => 'dot',
      describe: (count) => (count > 0 ? `${count} offers need your attention` : ''),
    });
    badge.show(3);
    badge.show(0);
    destroyed = true;
    badge.show(1);
    expect(overlays).toEqual([
      ['dot', '3 offers need your attention'],
      [null, ''],
    ]);
  });
});
