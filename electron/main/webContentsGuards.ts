// Guards every web contents the app ever creates (windows, and anything a page might spawn):
// no navigation away from our page, no new windows (allowed https links go to the browser),
// no <webview>, no permission prompts.
import type { Session, WebContents } from 'electron';
import { APP_ORIGIN } from './appProtocol';
import { isAllowedExternalUrl } from './externalLinks';
import { originOf } from './senderCheck';

export interface GuardPorts {
  openInBrowser(url: string): void;
  log(message: string): void;
}

export function guardWebContents(contents: WebContents, ports: GuardPorts): void {
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    ports.log('Refused to attach a <webview>.');
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) ports.openInBrowser(url);
    else ports.log('Refused to open a window for a link outside the allow-list.');
    return { action: 'deny' };
  });
  const stayOnOurPage = (event: { preventDefault(): void }, url: string) => {
    // A reload of our own page is fine; anything else (a link, a dropped file) is not.
    if (originOf(url) === APP_ORIGIN) return;
    event.preventDefault();
    if (isAllowedExternalUrl(url)) ports.openInBrowser(url);
  };
  contents.on('will-navigate', (event, url) => stayOnOurPage(event, url));
  contents.on('will-redirect', (event, url) => stayOnOurPage(event, url));
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) event.preventDefault();
  });
}

/** The app asks for no permission (camera, notifications from pages, geolocation…): all denied. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
