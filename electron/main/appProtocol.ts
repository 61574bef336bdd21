// The renderer is served from `app://seller-desk/` rather than file://, so that it has an origin
// of its own (the sender check and the CSP rely on it) and can read nothing but the built renderer.
import { extname, join, normalize, sep } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'seller-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

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
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const relative = normalize(path === '/' ? '/index.html' : path).replace(/^[/\\]+/, '');
  if (relative.split(/[/\\]/).includes('..')) return null;
  const root = normalize(rendererDir);
  const file = join(root, relative);
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}
