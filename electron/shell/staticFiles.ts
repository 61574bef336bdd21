// Mapping a request path to a file of the built renderer, shared by Electron's app:// scheme and
// the browser host: nothing outside the renderer folder, no encoded separators, no NUL.
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
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

/** The file for a URL path (still percent-encoded) under `root`, or null. `/` is index.html. */
export function resolveStaticPath(encodedPath: string, root: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(encodedPath);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const relative = normalize(path === '/' || path === '' ? '/index.html' : path).replace(
    /^[/\\]+/,
    '',
  );
  if (relative.split(/[/\\]/).includes('..')) return null;
  const base = normalize(root);
  const file = join(base, relative);
  return file.startsWith(base.endsWith(sep) ? base : base + sep) ? file : null;
}
