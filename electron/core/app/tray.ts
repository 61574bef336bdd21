// The tray (menu bar) icon's state and menu, from the core's events: online, waiting (syncing or
// waiting for the rate limit) or attention (offers that need the seller in any profile, the
// token refused, the marketplace out of reach, no profile connected), with Open, Sync now and
// Quit in the app's language. Only electron/main draws it (main/tray.ts); the browser host
// records what it would show, and tests drive this logic through the same port.
import { translate, type Locale } from '../../contract/i18n';
import type { EventName, EventPayload } from '../../contract/ipc';

export type TrayState = 'online' | 'waiting' | 'attention';
export type TrayCommand = 'open' | 'syncNow' | 'quit';

export interface TrayView {
  state: TrayState;
  tooltip: string;
  items: { command: TrayCommand; label: string }[];
}

/** Where the tray goes: Electron's Tray in the app, a list in the browser host and tests. */
export interface TrayPort {
  show(view: TrayView): void;
}

export interface TrayEvents {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** What a tray command does: main opens its window, asks the core to sync, quits. */
export interface TrayActions {
  open(): void;
  syncNow(): void;
  quit(): void;
}

interface TrayFacts {
  connection: EventPayload<'sync.status'>['connection'] | null;
  shownAttention: number;
  elsewhere: number;
  /** A background profile whose token was refused or that cannot reach the marketplace. */
  elsewhereInTrouble: boolean;
  connected: boolean;
}

export function trayView(facts: TrayFacts, locale: Locale): TrayView {
  const count = facts.shownAttention + facts.elsewhere;
  const state = facts.connection?.state;
  const trouble =
    !facts.connected ||
    state === 'token_refused' ||
    state === 'unreachable' ||
    facts.elsewhereInTrouble;
  const title = facts.connection?.title ?? translate(locale, 'notices.connection.notConnected');
  const tray: TrayState =
    count > 0 || trouble
      ? 'attention'
      : state === 'syncing' || state === 'waiting'
        ? 'waiting'
        : 'online';
  return {
    state: tray,
    tooltip:
      tray === 'attention'
        ? translate(locale, 'alerts.tray.attention', { count, title })
        : tray === 'waiting'
          ? translate(locale, 'alerts.tray.waiting', { title })
          : translate(locale, 'alerts.tray.online'),
    items: [
      { command: 'open', label: translate(locale, 'alerts.tray.open') },
      { command: 'syncNow', label: translate(locale, 'alerts.tray.syncNow') },
      { command: 'quit', label: translate(locale, 'alerts.tray.quit') },
    ],
  };
}

/**
 * Follows the core's events and shows each change of the tray's view on the port (the first
 * at once: not connected until a status says otherwise).
 */
export function followTray(events: TrayEvents, port: TrayPort, initialLocale: Locale): () => void {
  let locale = initialLocale;
  const facts: TrayFacts = {
    connection: null,
    shownAttention: 0,
    elsewhere: 0,
    elsewhereInTrouble: false,
    connected: false,
  };
  let told = '';
  const tell = () => {
    const view = trayView(facts, locale);
    const key = JSON.stringify(view);
    if (key === told) return;
    told = key;
    port.show(view);
  };
  const offs = [
    events.on('sync.status', (status) => {
      facts.connection = status.connection;
      facts.shownAttention = status.needsSeller;
      facts.connected = true;
      tell();
    }),
    events.on('profiles.changed', (list) => {
      const others = list.profiles.filter((p) => !p.active);
      facts.elsewhere = others.reduce((sum, p) => sum + Math.max(0, p.attention), 0);
      facts.elsewhereInTrouble = others.some(
        (p) => p.connection === 'token_refused' || p.connection === 'unreachable',
      );
      tell();
    }),
    events.on('session.changed', (session) => {
      facts.connected = session.tokenSet;
      if (!session.tokenSet) {
        facts.shownAttention = 0;
        facts.connection = null;
      }
      tell();
    }),
    events.on('app.languageChanged', (language) => {
      locale = language.locale;
      tell();
    }),
  ];
  tell();
  return () => offs.forEach((off) => off());
}

/** Runs a tray menu command. */
export function runTrayCommand(command: TrayCommand, actions: TrayActions): void {
  actions[command]();
}
