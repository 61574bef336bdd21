// The attention count on the app's icon: the dock/launcher badge on macOS and Linux (Unity
// launchers), a red dot over the taskbar button on Windows, which has no numeric badge. Fed by
// electron/shell/attentionBadge.ts from the core's events; written over minimal shapes of
// Electron's app and window for tests.
import type { BadgePort } from '../shell/attentionBadge';

/** A 16×16 red dot (PNG) for Windows' taskbar overlay. */
export const OVERLAY_DOT_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAfUlEQVR42mP4//8/AxYsAcSRQFwNxZFQMQy12DTO/Y8bzEU3CFmzBRA/hqm8aaCKgpHAY6haFAMkYJrRNeIw6DHMJTAD5hKjGc2QuTADJHA5m4ABICDBAA1hojWjGRLJAI0mcg2opooBFHuB4kCkOBqpkpAoTspUyUxkZWcAegXi8+yAIYAAAAAASUVORK5CYII=';

export interface BadgeTargets<Image> {
  platform: NodeJS.Platform;
  app: { setBadgeCount(count?: number): boolean };
  /** The window whose taskbar button carries the overlay (Windows). */
  window(): {
    isDestroyed(): boolean;
    setOverlayIcon(icon: Image | null, text: string): void;
  } | null;
  overlay(): Image;
  /** What a screen reader says about the overlay. */
  describe(count: number): string;
}

export function electronBadge<Image>(targets: BadgeTargets<Image>): BadgePort {
  return {
    show(count) {
      if (targets.platform === 'win32') {
        const window = targets.window();
        if (!window || window.isDestroyed()) return;
        window.setOverlayIcon(count > 0 ? targets.overlay() : null, targets.describe(count));
        return;
      }
      targets.app.setBadgeCount(count);
    },
  };
}
