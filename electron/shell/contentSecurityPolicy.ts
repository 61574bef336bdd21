// The renderer's Content-Security-Policy, in one place for the three spots that carry it: the
// `<meta>` in renderer/index.html, the header Electron main adds to the app's own responses,
// and the header of the browser host. Headers and meta are both enforced, so the strictest wins.

export interface PolicyOptions {
  /**
   * Where the page may send requests. Electron's renderer talks only over IPC ('none'); the
   * browser host's page talks to its own bridge ('self').
   */
  connect: "'none'" | "'self'";
}

/** Screenshots come from the marketplace (https) or, in sandbox mode, from a loopback server. */
const IMAGE_SOURCES = ["'self'", 'data:', 'blob:', 'https:', 'http://127.0.0.1:*'];

export function contentSecurityPolicy({ connect }: PolicyOptions): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Svelte sets dynamic `style` attributes; no inline script is allowed, which is what matters.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${IMAGE_SOURCES.join(' ')}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    // Only meaningful as a header; a <meta> policy ignores it.
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What renderer/index.html carries: everything a header can say except frame-ancestors. */
export function metaContentSecurityPolicy(): string {
  return contentSecurityPolicy({ connect: "'self'" })
    .split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
}
