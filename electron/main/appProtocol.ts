// The renderer is served from `app://seller-desk/` rather than file://, so that it has an origin
// of its own (the sender check and the CSP rely on it) and can read nothing but the built renderer.
import { contentTypeOf, resolveStaticPath } from '../host/staticFiles';

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
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  return resolveStaticPath(url.pathname, rendererDir);
}
