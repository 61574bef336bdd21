// The renderer is served from `app://seller-desk/` rather than file://, so that it has an origin
// of its own (the sender check and the CSP rely on it) and can read nothing but the built renderer.
import { resolveStagedScreenshot, type StagedDirs } from '../shell/stagedScreenshotRoute';
import { contentTypeOf, resolveStaticPath } from '../shell/staticFiles';

export const APP_SCHEME = 'app';
export const APP_HOST = 'seller-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export { contentTypeOf };

/**
 * The file under `rendererDir` that a request to our scheme asks for, or null for another host,
 * an encoded separator, or a path that climbs out of the renderer folder.
 */
export function resolveAppAsset(requestUrl: string, rendererDir: string): string | null {
  const url = ourUrl(requestUrl);
  return url ? resolveStaticPath(url.pathname, rendererDir) : null;
}

/**
 * The staged screenshot copy (under `stagedDir`) that a request to our scheme asks for, as
 * `app://seller-desk/staged-screenshots/<uuid>.<jpg|png>`, or null for anything else.
 */
export function resolveAppStagedScreenshot(requestUrl: string, stagedDir: StagedDirs) {
  const url = ourUrl(requestUrl);
  return url ? resolveStagedScreenshot(url.pathname, stagedDir) : null;
}

function ourUrl(requestUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST ? url : null;
}
