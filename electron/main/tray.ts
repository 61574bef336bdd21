// The tray (menu-bar) icon: the only code that touches Electron's Tray. What it shows and what
// its menu does come from core (core/app/tray.ts, through the TrayPort); this draws it.
import { Menu, Tray, nativeImage, type NativeImage } from 'electron';
import { runTrayCommand, type TrayActions, type TrayPort } from '../core/app/tray';

/** A dot beside the icon on macOS's menu bar, where a title can carry it; the tooltip says it. */
const marks = { online: '', waiting: '…', attention: '●' } as const;

export function electronTray(
  iconFile: string,
  actions: TrayActions,
): TrayPort & { destroy(): void } {
  let tray: Tray | null = null;
  let icon: NativeImage | null = null;
  return {
    show(view) {
      if (!tray) {
        icon = nativeImage.createFromPath(iconFile).resize({ width: 16, height: 16 });
        tray = new Tray(icon);
        tray.on('click', () => actions.open());
      }
      tray.setToolTip(view.tooltip);
      if (process.platform === 'darwin') tray.setTitle(marks[view.state]);
      tray.setContextMenu(
        Menu.buildFromTemplate(
          view.items.map((item) => ({
            label: item.label,
            click: () => runTrayCommand(item.command, actions),
          })),
        ),
      );
    },
    destroy() {
      tray?.destroy();
      tray = null;
    },
  };
}
